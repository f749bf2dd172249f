import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  AppNameHeadersSchema,
  AppParametersHeadersSchema,
  AppVersionHeadersSchema,
  INFORMATION_CODES,
  MESSAGES,
  PORTAL_PROFILE_PATH,
  PortalProfileHeadersSchema,
  type PortalProfile,
  type AppParameter,
  type AppParametersResult,
  type AppVersionResult,
  type Envelope,
  type FreeTrialResult,
  type MaintenanceWindowResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { firstFilled } from '../../http/headers';
import { activeMaintenanceJoin } from '../auth/queries';
import { profileOfHost, resolveProfile } from './profiles';

const unknownApplication = () => new ApiError(404, MESSAGES.applicationUnknown, INFORMATION_CODES.notFound);

/**
 * Public per-application data the portal reads before anyone signs in: version, parameters,
 * maintenance window, free-trial information (portal spec §3, §7). All of it is data of the
 * application in the database.
 */
export default async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const { db, directory, config } = app.ctx;

  const appNameOf = (request: FastifyRequest) =>
    parseInput(AppNameHeadersSchema, { appName: firstFilled(request.headers.appname) }, 'headers').appName;

  /**
   * The portal profile of an application and tenant (headers `appName`, `tenant`); without
   * `appName`, the one of the page the Host header names. Unknown applications get the fallback.
   */
  app.get(PORTAL_PROFILE_PATH, { config: { contract: { summary: 'Portal profile of an application and tenant (or of the Host)', tag: 'applications', headers: PortalProfileHeadersSchema } } }, async (request, reply): Promise<Envelope<PortalProfile>> => {
    const headers = parseInput(
      PortalProfileHeadersSchema,
      { appName: firstFilled(request.headers.appname), tenant: firstFilled(request.headers.tenant) },
      'headers',
    );
    const snapshot = await directory.snapshot();
    const result = headers.appName
      ? resolveProfile(snapshot, headers.appName, headers.tenant)
      : profileOfHost(snapshot, request.headers.host, config.hostMap);
    reply.header('cache-control', 'no-cache').header('vary', 'appName, tenant, host');
    return { statusCode: 200, result };
  });

  app.get('/api/application/getVersionApp', { config: { contract: { summary: 'Version of an application', tag: 'applications', headers: AppVersionHeadersSchema } } }, async (request): Promise<Envelope<AppVersionResult>> => {
    const headers = parseInput(
      AppVersionHeadersSchema,
      {
        appName: firstFilled(request.headers.appname),
        tenant: firstFilled(request.headers.tenant),
        tenantLanguage: firstFilled(request.headers.tenantlanguage),
      },
      'headers',
    );
    const row = await db
      .selectFrom('applications')
      .select('version')
      .where(sql<string>`lower(name)`, '=', headers.appName.toLowerCase())
      .executeTakeFirst();
    if (!row) throw unknownApplication();
    return { statusCode: 200, result: { version: row.version } };
  });

  app.get('/api/application/GetParametersApp', { config: { contract: { summary: 'Parameters of an application', tag: 'applications', headers: AppParametersHeadersSchema } } }, async (request): Promise<Envelope<AppParametersResult>> => {
    const headers = parseInput(
      AppParametersHeadersSchema,
      { appName: firstFilled(request.headers.appname), parameterType: firstFilled(request.headers.parametertype) },
      'headers',
    );
    const application = await db
      .selectFrom('applications')
      .select('id')
      .where(sql<string>`lower(name)`, '=', headers.appName.toLowerCase())
      .executeTakeFirst();
    if (!application) throw unknownApplication();
    let query = db
      .selectFrom('application_parameters')
      .select(['name', sql<string>`value::text`.as('value_json'), 'value_type'])
      .where('application_id', '=', application.id);
    if (headers.parameterType !== 'all') query = query.where('parameter_type', '=', headers.parameterType);
    const rows = await query.orderBy('parameter_type').orderBy('name').execute();
    const parameters: AppParameter[] = rows.map((r) => ({
      name: r.name,
      value: r.value_json,
      type: r.value_type,
    }));
    return { statusCode: 200, result: { parameters } };
  });

  app.get('/api/application/getMaintenanceWindow', { config: { contract: { summary: 'Active maintenance window of an application', tag: 'applications', headers: AppNameHeadersSchema } } }, async (request): Promise<Envelope<MaintenanceWindowResult>> => {
    const appName = appNameOf(request);
    const { rows } = await sql<{ message: string | null; ends_at: Date | string | null }>`
      select m.message, m.ends_at from applications a ${activeMaintenanceJoin}
       where lower(a.name) = ${appName.toLowerCase()}
    `.execute(db);
    const row = rows[0];
    if (!row) throw unknownApplication();
    if (row.ends_at === null) return { statusCode: 200, result: { isMaintenance: false, message: '' } };
    return {
      statusCode: 200,
      result: {
        isMaintenance: true,
        message: row.message || MESSAGES.applicationMaintenance,
        endsAt: new Date(row.ends_at).toISOString(),
      },
    };
  });

  app.get('/api/application/isFreeTrial', { config: { contract: { summary: 'Free-trial information of an application', tag: 'applications', headers: AppNameHeadersSchema } } }, async (request): Promise<Envelope<FreeTrialResult>> => {
    const appName = appNameOf(request);
    const row = await db
      .selectFrom('applications')
      .select(['show_free_trial', 'free_trial_url', 'free_trial_code'])
      .where(sql<string>`lower(name)`, '=', appName.toLowerCase())
      .executeTakeFirst();
    if (!row) throw unknownApplication();
    return {
      statusCode: 200,
      result: {
        isFreeTrial: row.show_free_trial,
        urlFreeTrial: row.show_free_trial ? row.free_trial_url : '',
        codeFreeTrial: row.show_free_trial ? row.free_trial_code : '',
      },
    };
  });
}
