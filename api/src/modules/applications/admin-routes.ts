import type { FastifyInstance } from 'fastify';
import {
  ApplicationAdminListResultSchema,
  ApplicationOptionsResultSchema,
  ApplicationStateRequestSchema,
  ApplicationWriteResultSchema,
  CreateApplicationRequestSchema,
  INFORMATION_CODES,
  ModifyApplicationRequestSchema,
  type ApplicationAdminListResult,
  type ApplicationOptionsResult,
  type ApplicationWriteResult,
  type Envelope,
} from '@suite/shared/contracts';
import { parseInput } from '../../http/errors';
import { isRegisteredAddress } from '../../http/public-origin';
import { requirePrivilege } from '../../security/auth';
import { actorOf } from '../audit/audit';
import { listAdminApplications, selectableApplications } from './admin-queries';
import { createApplication, isStateToggle, modifyApplication, setApplicationStateOnly, type ApplicationChange } from './admin-service';

/**
 * The applications section of the console (spec §2-§7): the list, create and modify (the state
 * toggle too), and the selectors of the menus and notifications sections. Reads need APPS_READ,
 * writes APPS_WRITE. RESETOTP is never listed. A write drops the cached applications (and the
 * grants, which follow an application's state) once committed; every other instance drops them
 * on the NOTIFY the service sent in the transaction.
 */
export default async function applicationAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  const registered = (address: string) => isRegisteredAddress(app.ctx.config, address);
  const answer = (change: ApplicationChange): Envelope<ApplicationWriteResult> => {
    app.ctx.directory.invalidate();
    app.ctx.access.dropAll();
    return { statusCode: 200, result: { information: change.information, informationCode: INFORMATION_CODES.success, id: change.id } };
  };

  app.get('/api/application/list', { preHandler: requirePrivilege('APPS_READ'), config: { contract: { summary: 'List applications (active first)', tag: 'applications', result: ApplicationAdminListResultSchema, auth: ['APPS_READ'] } } }, async (): Promise<Envelope<ApplicationAdminListResult>> => {
    const records = await listAdminApplications(db);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  app.post('/api/application/create', { preHandler: requirePrivilege('APPS_WRITE'), config: { contract: { summary: 'Create an application', tag: 'applications', body: CreateApplicationRequestSchema, result: ApplicationWriteResultSchema, auth: ['APPS_WRITE'] } } }, async (request): Promise<Envelope<ApplicationWriteResult>> => {
    return answer(await createApplication(db, actorOf(request), parseInput(CreateApplicationRequestSchema, request.body), registered));
  });

  app.post('/api/application/modify', { preHandler: requirePrivilege('APPS_WRITE'), config: { contract: { summary: 'Save an application, or switch it on or off', tag: 'applications', body: ModifyApplicationRequestSchema, result: ApplicationWriteResultSchema, auth: ['APPS_WRITE'] } } }, async (request): Promise<Envelope<ApplicationWriteResult>> => {
    if (await isStateToggle(db, request.body)) {
      const { id, idState } = parseInput(ApplicationStateRequestSchema, request.body);
      return answer(await setApplicationStateOnly(db, actorOf(request), id, idState));
    }
    return answer(await modifyApplication(db, actorOf(request), parseInput(ModifyApplicationRequestSchema, request.body), registered));
  });

  app.get('/api/application/getApplicationsForAssignMenu', { preHandler: requirePrivilege('MENUS_READ', 'APPS_READ'), config: { contract: { summary: 'Applications a menu may be set for (visible and active)', tag: 'applications', result: ApplicationOptionsResultSchema, auth: ['MENUS_READ', 'APPS_READ'] } } }, async (): Promise<Envelope<ApplicationOptionsResult>> => {
    const records = await selectableApplications(db);
    return { statusCode: 200, result: { records, count: records.length } };
  });

  app.get('/api/application/getApplicationsForAssignNotification', { preHandler: requirePrivilege('NOTIFICATIONS_READ', 'APPS_READ'), config: { contract: { summary: 'Applications a notification may go to (visible and active)', tag: 'applications', result: ApplicationOptionsResultSchema, auth: ['NOTIFICATIONS_READ', 'APPS_READ'] } } }, async (): Promise<Envelope<ApplicationOptionsResult>> => {
    const records = await selectableApplications(db);
    return { statusCode: 200, result: { records, count: records.length } };
  });
}
