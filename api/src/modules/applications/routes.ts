import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AppNameHeadersSchema,
  AppParametersHeadersSchema,
  AppParametersResultSchema,
  AppVersionHeadersSchema,
  AppVersionResultSchema,
  FreeTrialResultSchema,
  INFORMATION_CODES,
  MESSAGES,
  MaintenanceWindowResultSchema,
  PORTAL_PROFILE_PATH,
  PortalProfileHeadersSchema,
  PortalProfileSchema,
  type PortalProfile,
  type AppParametersResult,
  type AppVersionResult,
  type Envelope,
  type FreeTrialResult,
  type MaintenanceWindowResult,
} from '@suite/shared/contracts';
import { ApiError, parseInput } from '../../http/errors';
import { firstFilled, varyOn } from '../../http/headers';
import { profileOfHost, resolveProfile } from './profiles';
import { findApplicationParameters, findApplicationVersion, findFreeTrial, findMaintenanceWindow } from './queries';

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
  app.get(PORTAL_PROFILE_PATH, { config: { contract: { summary: 'Portal profile of an application and tenant (or of the Host)', tag: 'applications', headers: PortalProfileHeadersSchema, result: PortalProfileSchema } } }, async (request, reply): Promise<Envelope<PortalProfile>> => {
    const headers = parseInput(
      PortalProfileHeadersSchema,
      { appName: firstFilled(request.headers.appname), tenant: firstFilled(request.headers.tenant) },
      'headers',
    );
    const snapshot = await directory.snapshot();
    const result = headers.appName
      ? resolveProfile(snapshot, headers.appName, headers.tenant)
      : profileOfHost(snapshot, request.headers.host, config.hostMap);
    reply.header('cache-control', 'no-cache');
    varyOn(reply, 'appName', 'tenant', 'Host');
    return { statusCode: 200, result };
  });

  app.get('/api/application/getVersionApp', { config: { contract: { summary: 'Version of an application', tag: 'applications', headers: AppVersionHeadersSchema, result: AppVersionResultSchema } } }, async (request): Promise<Envelope<AppVersionResult>> => {
    const headers = parseInput(
      AppVersionHeadersSchema,
      {
        appName: firstFilled(request.headers.appname),
        tenant: firstFilled(request.headers.tenant),
        tenantLanguage: firstFilled(request.headers.tenantlanguage),
      },
      'headers',
    );
    const version = await findApplicationVersion(db, headers.appName);
    if (version === undefined) throw unknownApplication();
    return { statusCode: 200, result: { version } };
  });

  app.get('/api/application/GetParametersApp', { config: { contract: { summary: 'Parameters of an application', tag: 'applications', headers: AppParametersHeadersSchema, result: AppParametersResultSchema } } }, async (request): Promise<Envelope<AppParametersResult>> => {
    const headers = parseInput(
      AppParametersHeadersSchema,
      { appName: firstFilled(request.headers.appname), parameterType: firstFilled(request.headers.parametertype) },
      'headers',
    );
    const parameters = await findApplicationParameters(db, headers.appName, headers.parameterType);
    if (!parameters) throw unknownApplication();
    return { statusCode: 200, result: { parameters } };
  });

  app.get('/api/application/getMaintenanceWindow', { config: { contract: { summary: 'Active maintenance window of an application', tag: 'applications', headers: AppNameHeadersSchema, result: MaintenanceWindowResultSchema } } }, async (request): Promise<Envelope<MaintenanceWindowResult>> => {
    const appName = appNameOf(request);
    const row = await findMaintenanceWindow(db, appName);
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

  app.get('/api/application/isFreeTrial', { config: { contract: { summary: 'Free-trial information of an application', tag: 'applications', headers: AppNameHeadersSchema, result: FreeTrialResultSchema } } }, async (request): Promise<Envelope<FreeTrialResult>> => {
    const appName = appNameOf(request);
    const row = await findFreeTrial(db, appName);
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
