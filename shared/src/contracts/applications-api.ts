import {
  AppNameHeadersSchema,
  AppParametersHeadersSchema,
  AppParametersResultSchema,
  AppVersionHeadersSchema,
  AppVersionResultSchema,
  FreeTrialResultSchema,
  MaintenanceWindowResultSchema,
} from './applications';
import { endpoint, type Endpoint } from './endpoint';
import { PORTAL_PROFILE_PATH, PortalProfileHeadersSchema, PortalProfileSchema } from './profiles';

/**
 * What the portal reads of an application before anyone signs in (docs/product/portal.md, Calls):
 * its profile, version, parameters, maintenance window and free trial. An unknown application is a
 * 404 R404 (the profile answers the fallback instead); a malformed header a 400 R400.
 */
export const applicationsApi = {
  /** Without `appName`, the profile of the page the Host header names. */
  profile: endpoint({
    method: 'GET',
    path: PORTAL_PROFILE_PATH,
    summary: 'Portal profile of an application and tenant (or of the Host)',
    tag: 'applications',
    headers: PortalProfileHeadersSchema,
    result: PortalProfileSchema,
    access: 'public',
  }),
  version: endpoint({
    method: 'GET',
    path: '/api/application/getVersionApp',
    summary: 'Version of an application',
    tag: 'applications',
    headers: AppVersionHeadersSchema,
    result: AppVersionResultSchema,
    access: 'public',
  }),
  parameters: endpoint({
    method: 'GET',
    path: '/api/application/GetParametersApp',
    summary: 'Parameters of an application',
    tag: 'applications',
    headers: AppParametersHeadersSchema,
    result: AppParametersResultSchema,
    access: 'public',
  }),
  maintenanceWindow: endpoint({
    method: 'GET',
    path: '/api/application/getMaintenanceWindow',
    summary: 'Active maintenance window of an application',
    tag: 'applications',
    headers: AppNameHeadersSchema,
    result: MaintenanceWindowResultSchema,
    access: 'public',
  }),
  freeTrial: endpoint({
    method: 'GET',
    path: '/api/application/isFreeTrial',
    summary: 'Free-trial information of an application',
    tag: 'applications',
    headers: AppNameHeadersSchema,
    result: FreeTrialResultSchema,
    access: 'public',
  }),
} as const satisfies Record<string, Endpoint>;
