import type { FastifyInstance } from 'fastify';
import { INFORMATION_CODES, MESSAGES, applicationsApi } from '@suite/shared/contracts';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import { varyOn } from '../../http/headers';
import { requestLanguage } from '../../http/language';
import { localize } from '@suite/shared/phrases';
import { profileOfHost, resolveProfile } from './profiles';
import { findApplicationParameters, findApplicationVersion, findFreeTrial, findMaintenanceWindow } from './queries';

const unknownApplication = () => new ApiError(404, MESSAGES.applicationUnknown, INFORMATION_CODES.notFound);

/**
 * Public per-application data the portal reads before anyone signs in (declared in
 * @suite/shared/contracts, applicationsApi): profile, version, parameters, maintenance window,
 * free-trial information (docs/product/portal.md, Calls). All of it is data of the application in the database.
 */
export default async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const { db, directory, config } = app.ctx;

  /**
   * The portal profile of an application and tenant (headers `appName`, `tenant`); without
   * `appName`, the one of the page the Host header names. Unknown applications get the fallback.
   */
  route(app, applicationsApi.profile, async ({ headers }, request, reply) => {
    const snapshot = await directory.snapshot();
    const result = headers.appName
      ? resolveProfile(snapshot, headers.appName, headers.tenant)
      : profileOfHost(snapshot, request.headers.host, config.hostMap);
    reply.header('cache-control', 'no-cache');
    varyOn(reply, 'appName', 'tenant', 'Host');
    return { statusCode: 200, result };
  });

  route(app, applicationsApi.version, async ({ headers }) => {
    const version = await findApplicationVersion(db, headers.appName);
    if (version === undefined) throw unknownApplication();
    return { statusCode: 200, result: { version } };
  });

  route(app, applicationsApi.parameters, async ({ headers }) => {
    const parameters = await findApplicationParameters(db, headers.appName, headers.parameterType);
    if (!parameters) throw unknownApplication();
    return { statusCode: 200, result: { parameters } };
  });

  route(app, applicationsApi.maintenanceWindow, async ({ headers: { appName } }, request, reply) => {
    const row = await findMaintenanceWindow(db, appName);
    if (!row) throw unknownApplication();
    if (row.ends_at === null) return { statusCode: 200, result: { isMaintenance: false, message: '' } };
    // the window's own message as the administrator wrote it; the default one in the page's language
    // (the reply localiser translates `information`, not this field)
    varyOn(reply, 'tenantLanguage', 'Accept-Language');
    return {
      statusCode: 200,
      result: {
        isMaintenance: true,
        message: row.message || localize(MESSAGES.applicationMaintenance, requestLanguage(request)),
        endsAt: new Date(row.ends_at).toISOString(),
      },
    };
  });

  route(app, applicationsApi.freeTrial, async ({ headers: { appName } }) => {
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
