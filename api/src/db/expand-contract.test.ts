import fs from 'node:fs';
import path from 'node:path';
import { contractingStatements } from './expand-contract';
import { listMigrations } from './migrate';

const MIGRATIONS = path.resolve(__dirname, '../../migrations');
/** The number of the last migration of the release out now (bumped when a release is cut). */
const lastReleased = Number(fs.readFileSync(path.join(MIGRATIONS, 'RELEASED'), 'utf8').trim());

describe('expand-then-contract migrations (docs/adr/0034)', () => {
  it('names a released migration that exists', () => {
    expect(Number.isInteger(lastReleased)).toBe(true);
    expect(listMigrations().some((m) => Number(m.version) === lastReleased)).toBe(true);
  });

  it('the migrations of the coming release only expand what the previous release uses', () => {
    const upcoming = listMigrations().filter((m) => Number(m.version) > lastReleased);
    const findings = upcoming.flatMap((m) => contractingStatements(path.basename(m.file), fs.readFileSync(m.file, 'utf8'), lastReleased));
    expect(findings).toEqual([]);
  });

  it.each([
    ['alter table users drop column phone_number;', 'drops a column'],
    ['alter table users rename column names to given_names;', 'renames'],
    ['alter table users alter column document type bigint using document::bigint;', "changes a column's type"],
    ['alter table users alter column email set not null;', 'makes a column required'],
    ['alter table users add column tenant text not null;', 'adds a required column without a default'],
    ['drop table old_sessions;', 'drops an object'],
    ['alter table users add constraint users_email_key unique (email);', 'adds a constraint the existing writes may break'],
    ['create unique index users_email_idx on users (email);', 'adds a unique index the existing writes may break'],
  ])('finds the contracting statement %p', (statement, why) => {
    expect(contractingStatements('0099_x.sql', statement, 98)).toEqual([expect.objectContaining({ why })]);
  });

  it.each([
    'create table audit (id bigint primary key);',
    "alter table users add column tenant text not null default '';",
    'alter table users add column nickname text;',
    'create index users_tenant_idx on users (tenant);',
    "alter table users add constraint users_tenant_check check (tenant <> '') not valid;",
    'create or replace function f() returns void language plpgsql as $$ begin drop table x; end $$;',
    "-- beside the previous release: it never writes 'next'\ncreate unique index k on keys (status) where status = 'next';",
  ])('lets the expanding statement %p through', (statement) => {
    expect(contractingStatements('0099_x.sql', statement, 98)).toEqual([]);
  });

  it('lets a new table be narrowed in the migration that creates it', () => {
    const fresh =
      'create table marks (id int, day int);\ncreate unique index marks_day on marks (day);\nalter table marks add constraint marks_day_check check (day > 0);';
    expect(contractingStatements('0099_x.sql', fresh, 98)).toEqual([]);
    // an existing table is not
    expect(
      contractingStatements('0099_x.sql', 'create table marks (id int);\ncreate unique index users_x on users (email);', 98),
    ).toHaveLength(1);
  });

  it('lets a contract migration remove what the code stopped using a release ago, and only then', () => {
    const contract = '-- contract: drop the old column, unused since migration 0090\nalter table users drop column legacy;';
    expect(contractingStatements('0099_x.sql', contract, 95)).toEqual([]);
    // the code that stopped using it is not out yet: the previous release still reads it
    expect(contractingStatements('0099_x.sql', contract.replace('0090', '0097'), 95)).toHaveLength(1);
  });
});
