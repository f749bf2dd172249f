import { sql } from 'kysely';
import { APP_PARAMETERS, INFORMATION_CODES, secondFactorApi } from '@suite/shared/contracts';
import type { Server } from '../../app';
import { createUser, json, login, testConfig, twoInstances } from '../../../test/harness';
import { newTotpSecret } from './totp';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const PASSWORD = 'Factors.Limits2026';
/** The sign-in's budget per address and minute (LOGIN_RATE_LIMIT), small here. */
const BUDGET = 2;

onPostgres('the second step’s budget per address on two instances of one PostgreSQL', () => {
  const base = testConfig();
  const instances = twoInstances({ rateLimit: { ...base.rateLimit, loginPerMinute: BUDGET } });
  let a: Server;
  let b: Server;
  beforeAll(() => {
    ({ a, b } = instances());
  });

  it('refuses the answers of one address over the budget however they are spread over the instances, before they count on an account', async () => {
    const { db } = a.app.ctx;
    const userId = await createUser(db, { userName: 'fl.person', password: PASSWORD });
    await db
      .insertInto('user_factors')
      .values({ user_id: userId, kind: 'totp', name: 'App', secret: newTotpSecret(), confirmed_at: new Date() })
      .execute();
    const product = await db.selectFrom('applications').select('id').where('name', '=', 'product').executeTakeFirstOrThrow();
    await sql`insert into application_parameters (application_id, parameter_type, name, value, value_type)
              values (${product.id}, 'login', ${APP_PARAMETERS.secondFactor}, '"optional"'::jsonb, 'string')
              on conflict (application_id, name) do update set value = excluded.value`.execute(db);

    const step = json(await login(a.app, 'fl.person', PASSWORD, 'product')).result;
    expect(step.informationCode).toBe(INFORMATION_CODES.secondFactorRequired);
    const answer = (server: Server) =>
      server.app.inject({
        method: 'POST',
        url: secondFactorApi.verify.path,
        payload: { challenge: step.secondFactor.challenge, code: '000000' },
      });
    // each instance alone stays within its own per-address budget; together they are over it
    expect((await answer(a)).statusCode).toBe(401);
    expect((await answer(b)).statusCode).toBe(401);
    const refused = await answer(a);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).result.retryAfterSeconds).toBeGreaterThan(0);
    // refused before the code was tried: the account's count stays at the two wrong codes
    const lockout = await db.selectFrom('sign_in_lockouts').select('failed_attempts').where('user_id', '=', userId).execute();
    expect(lockout.map((row) => row.failed_attempts)).toEqual([BUDGET]);
  });
});
