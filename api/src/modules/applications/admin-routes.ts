import type { FastifyInstance } from 'fastify';
import {
  INFORMATION_CODES,
  ModifyApplicationRequestSchema,
  applicationsAdminApi,
  type ApplicationWriteResult,
  type Envelope,
} from '@suite/shared/contracts';
import { parseInput } from '../../http/errors';
import { isRegisteredAddress } from '../../http/public-origin';
import { route } from '../../http/route';
import { actorOf } from '../../security/audit';
import { listAdminApplications, selectableApplications } from './admin-queries';
import { createApplication, isStateToggle, modifyApplication, setApplicationStateOnly, type ApplicationChange } from './admin-service';

/**
 * The applications section of the console (docs/product/applications.md; declared in @suite/shared/contracts,
 * applicationsAdminApi): the list, create and modify (the state toggle too), and the selectors
 * of the menus and notifications sections. RESETOTP is never listed. A write drops the cached
 * applications (and the grants, which follow an application's state) once committed; every
 * other instance drops them on the NOTIFY the service sent in the transaction.
 */
export default async function applicationAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  const registered = (address: string) => isRegisteredAddress(app.ctx.config, address);
  const answer = (change: ApplicationChange): Envelope<ApplicationWriteResult> => {
    app.ctx.directory.invalidate();
    app.ctx.access.dropAll();
    return { statusCode: 200, result: { information: change.information, informationCode: INFORMATION_CODES.success, id: change.id } };
  };

  route(app, applicationsAdminApi.list, async () => {
    const records = await listAdminApplications(db);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  route(app, applicationsAdminApi.create, async ({ body }, request) =>
    answer(await createApplication(db, actorOf(request), body, registered)),
  );

  route(app, applicationsAdminApi.modify, async ({ body }, request) => {
    // the list's toggle re-sends the stored application, which the form may no longer accept
    if (await isStateToggle(db, request.body)) return answer(await setApplicationStateOnly(db, actorOf(request), body.id, body.idState));
    // a re-sent application that is not a toggle is a save: only now is it checked as the form
    const application = 'name' in body ? body : parseInput(ModifyApplicationRequestSchema, request.body);
    return answer(await modifyApplication(db, actorOf(request), application, registered));
  });

  route(app, applicationsAdminApi.menuApplications, async () => {
    const records = await selectableApplications(db);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  route(app, applicationsAdminApi.notificationApplications, async () => {
    const records = await selectableApplications(db);
    return { statusCode: 200, result: { records, count: records.length } };
  });
}
