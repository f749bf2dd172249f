import { apiClient } from '@suite/shared';
import {
  type ApplicationAdminListResult,
  type ApplicationAdminRecord,
  type ApplicationWriteResult,
  type CreateApplicationRequest,
} from '@suite/shared/console';

/**
 * Typed calls of the applications section (console spec §7 "Applications"), through the page's
 * API client (auth header, refresh on 401, privileges dialog on 403). Failures throw ApiError;
 * the caller shows its message.
 */

/** GET /api/application/list: every application but the hidden one, active ones first. */
export async function fetchApplications(): Promise<ApplicationAdminRecord[]> {
  const reply = await apiClient.get<ApplicationAdminListResult>('application/list');
  return reply.result?.records ?? [];
}

/** POST /api/application/modify: the whole application as the list answers it (the state switch included). */
export async function modifyApplication(body: ApplicationAdminRecord): Promise<ApplicationWriteResult> {
  return (await apiClient.post<ApplicationWriteResult>('application/modify', body)).result;
}

/** POST /api/application/create: every tab of the form; the application starts active. */
export async function createApplication(body: CreateApplicationRequest): Promise<ApplicationWriteResult> {
  return (await apiClient.post<ApplicationWriteResult>('application/create', body)).result;
}
