import { call } from '@suite/shared';
import {
  applicationsAdminApi,
  type ApplicationAdminRecord,
  type ApplicationWriteResult,
  type CreateApplicationRequest,
} from '@suite/shared/console';

/**
 * Typed calls of the applications section (docs/product/applications.md, Calls), each through its
 * declaration (applicationsAdminApi) and the page's API client (auth header, refresh on 401,
 * privileges dialog on 403). Failures throw ApiError; the caller shows its message.
 */

/** Every application but the hidden one, active ones first. */
export async function fetchApplications(): Promise<ApplicationAdminRecord[]> {
  return (await call(applicationsAdminApi.list)).records ?? [];
}

/** The whole application as the list answers it (the state switch included). */
export async function modifyApplication(body: ApplicationAdminRecord): Promise<ApplicationWriteResult> {
  return call(applicationsAdminApi.modify, { body });
}

/** Every tab of the form; the application starts active. */
export async function createApplication(body: CreateApplicationRequest): Promise<ApplicationWriteResult> {
  return call(applicationsAdminApi.create, { body });
}
