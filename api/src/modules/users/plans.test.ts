import { USER_SORT } from '@suite/shared/contracts';
import { describeOnOneConnection, genericPlansOf } from '../../../test/harness';
import { listUsers } from './queries';

describeOnOneConnection("the users list's first pages", (db) => {
  it('are planned once per connection, each sort, size and page its statement; a later page is not prepared', async () => {
    for (const page of [1, 3, 4]) {
      for (let call = 0; call < 8; call++) await listUsers(db(), { search: '', page, size: 10, sort: USER_SORT.active });
    }
    const pages = await genericPlansOf(db(), '(select live from user_totals)');
    expect(pages).toHaveLength(2);
    for (const generic of pages) expect(generic).toBeGreaterThan(0);
  });

  it('a deep page is one statement per sort and size, planned once per connection', async () => {
    for (const sort of Object.values(USER_SORT)) {
      for (let call = 0; call < 8; call++) await listUsers(db(), { search: '', page: 2 + call, size: 10, sort }, { directOffset: 10 });
    }
    const deep = await genericPlansOf(db(), 'with start as materialized');
    expect(deep).toHaveLength(Object.values(USER_SORT).length);
    for (const generic of deep) expect(generic).toBeGreaterThan(0);
  });
});
