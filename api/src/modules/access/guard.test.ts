import { ACCESS_MESSAGES, USER_STATE, formatMessage } from '@suite/shared/contracts';
import { createUser, describeEachBackend } from '../../../test/harness';
import { CONSOLE_WRITE_PRIVILEGES } from '../../db/seeds/data';
import { guardConsoleHolders } from './guard';

/**
 * Two changes that each take a console write privilege from one of its last two holders, made at
 * the same moment in two transactions: each waits (up to a bound) for the other to have made its
 * change before checking, so without the guard's lock both would see the other holder still
 * active, both would pass and the console would have none left.
 */
describeEachBackend('the console keeps a holder of each write privilege', (server) => {
  it('orders two changes that would each take away one of the last two holders: one is refused', async () => {
    const { db } = server();
    const privileges = [...CONSOLE_WRITE_PRIVILEGES];
    const first = await createUser(db, { userName: 'guard.first', privileges });
    const second = await createUser(db, { userName: 'guard.second', privileges });
    // the seeded administrator steps aside: the two are the only active holders
    await db.updateTable('users').set({ idstate: USER_STATE.inactive }).where('user_name', '=', 'admin').execute();

    const changed: Array<() => void> = [];
    const bothChanged = new Promise<void>((resolve) => {
      let count = 0;
      for (let i = 0; i < 2; i++) changed.push(() => (++count === 2 ? resolve() : undefined));
    });
    const inactivate = (user: string, index: number) =>
      db.transaction().execute(async (trx) => {
        const keepsConsoleHolders = await guardConsoleHolders(trx);
        await trx.updateTable('users').set({ idstate: USER_STATE.inactive }).where('id', '=', user).execute();
        changed[index]();
        await Promise.race([bothChanged, new Promise((resolve) => setTimeout(resolve, 500))]);
        await keepsConsoleHolders();
      });

    const outcomes = await Promise.allSettled([inactivate(second, 0), inactivate(first, 1)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')?.reason;
    expect(privileges.map((privilege) => formatMessage(ACCESS_MESSAGES.lastConsoleHolder, { privilege }))).toContain(refusal.information);
    const active = await db
      .selectFrom('users')
      .select('user_name')
      .where('user_name', 'in', ['guard.first', 'guard.second'])
      .where('idstate', '=', USER_STATE.active)
      .execute();
    expect(active).toHaveLength(1);
  });
});
