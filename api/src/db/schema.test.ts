import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { openDatabase, type Database } from './index';
import { migrate } from './migrate';

/**
 * schema.ts is written by hand: this holds it to what the migrations build. Its types are gone at
 * run time, so the table interfaces are read from its source with the TypeScript compiler.
 */

interface DeclaredSchema {
  /** Table name → the property names of its interface. */
  tables: Map<string, string[]>;
}

function declaredSchema(file: string): DeclaredSchema {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const propertyNames = (decl: ts.InterfaceDeclaration): string[] =>
    decl.members.filter(ts.isPropertySignature).map((member) => member.name.getText(source).replace(/^['"]|['"]$/g, ''));

  const db = interfaces.get('DB');
  if (!db) throw new Error('schema.ts declares no DB interface');
  const tables = new Map<string, string[]>();
  for (const member of db.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) {
      throw new Error(`DB member ${member.getText(source)} is not a table interface`);
    }
    const tableInterface = interfaces.get(member.type.typeName.getText(source));
    if (!tableInterface) throw new Error(`DB.${member.name.getText(source)} names no interface of schema.ts`);
    tables.set(member.name.getText(source), propertyNames(tableInterface));
  }
  return { tables };
}

describe('schema.ts', () => {
  let database: Database;
  const declared = declaredSchema(path.join(__dirname, 'schema.ts'));

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://schema-test' });
    await migrate(database.db);
  });

  afterAll(async () => {
    await database?.close();
  });

  async function columnsOf(): Promise<Map<string, string[]>> {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
       order by c.table_name, c.ordinal_position`.execute(database.db);
    const columns = new Map<string, string[]>();
    for (const row of rows) columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
    return columns;
  }

  it('reads the table interfaces of the DB interface', () => {
    expect(declared.tables.get('users')).toEqual(expect.arrayContaining(['id', 'user_name']));
    expect(declared.tables.size).toBeGreaterThanOrEqual(40);
  });

  it('declares every table of the migrated database, and no other', async () => {
    const actual = [...(await columnsOf()).keys()].sort();
    expect([...declared.tables.keys()].sort()).toEqual(actual);
  });

  it("declares each table's columns as the migrations create them", async () => {
    const actual = await columnsOf();
    const mismatches: string[] = [];
    for (const [table, properties] of declared.tables) {
      const columns = actual.get(table) ?? [];
      const missing = columns.filter((c) => !properties.includes(c));
      const extra = properties.filter((p) => !columns.includes(p));
      if (missing.length) mismatches.push(`${table}: not declared ${missing.join(', ')}`);
      if (extra.length) mismatches.push(`${table}: no such column ${extra.join(', ')}`);
    }
    expect(mismatches).toEqual([]);
  });
});
