import * as v from 'valibot';
import {
  APPLICATION_FORM_FIELDS,
  ApplicationAdminListResultSchema,
  ApplicationOptionsResultSchema,
  ApplicationStateRequestSchema,
  ApplicationWriteResultSchema,
  CreateApplicationRequestSchema,
  ModifyApplicationRequestSchema,
} from './applications-admin';
import {
  APPEARANCE_PATHS,
  AppearanceHeadersSchema,
  ApplicationAppearanceResultSchema,
  ModifyAppearanceRequestSchema,
  ModifyTenantAppearanceRequestSchema,
  STORED_IMAGES_PATH,
  UploadImageRequestSchema,
  UploadImageResultSchema,
} from './applications-appearance';
import { endpoint, publishedAs, type Endpoint } from './endpoint';
import { ErrorResultSchema } from './envelope';

/** Whether a modify body re-sends a whole application (every field of the form): maybe the list's state toggle. */
function resendsApplication(input: unknown): boolean {
  return typeof input === 'object' && input !== null && APPLICATION_FORM_FIELDS.every((field) => field in input);
}

/**
 * POST /api/application/modify. Only the stored application tells a state toggle from a save (the
 * API compares them), so a body re-sending every field is checked here for its id and state only,
 * and as the whole form by the API once it is not a toggle; any other body is the form. Published
 * as the form.
 */
const ModifyApplicationBodySchema = publishedAs(
  v.lazy((input: unknown) => (resendsApplication(input) ? ApplicationStateRequestSchema : ModifyApplicationRequestSchema)),
  ModifyApplicationRequestSchema,
);

/**
 * The applications section of the console (docs/product/applications.md): the list, create and
 * modify (the state toggle too), the selectors of the menus and notifications sections, the
 * Apariencia tab and its images. Reads need APPS_READ, writes APPS_WRITE.
 */
export const applicationsAdminApi = {
  /** Every application but RESETOTP, active ones first. */
  list: endpoint({
    method: 'GET',
    path: '/api/application/list',
    summary: 'List applications (active first)',
    tag: 'applications',
    result: ApplicationAdminListResultSchema,
    access: ['APPS_READ'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/application/create',
    summary: 'Create an application',
    tag: 'applications',
    body: CreateApplicationRequestSchema,
    result: ApplicationWriteResultSchema,
    access: ['APPS_WRITE'],
    audited: true,
  }),
  /** The whole application as the list answers it, `idState` flipped to switch it on or off. */
  modify: endpoint({
    method: 'POST',
    path: '/api/application/modify',
    summary: 'Save an application, or switch it on or off',
    tag: 'applications',
    body: ModifyApplicationBodySchema,
    result: ApplicationWriteResultSchema,
    access: ['APPS_WRITE'],
    audited: true,
  }),
  menuApplications: endpoint({
    method: 'GET',
    path: '/api/application/getApplicationsForAssignMenu',
    summary: 'Applications a menu may be set for (visible and active)',
    tag: 'applications',
    result: ApplicationOptionsResultSchema,
    access: ['MENUS_READ', 'APPS_READ'],
  }),
  notificationApplications: endpoint({
    method: 'GET',
    path: '/api/application/getApplicationsForAssignNotification',
    summary: 'Applications a notification may go to (visible and active)',
    tag: 'applications',
    result: ApplicationOptionsResultSchema,
    access: ['NOTIFICATIONS_READ', 'APPS_READ'],
  }),
  appearance: endpoint({
    method: 'GET',
    path: APPEARANCE_PATHS.read,
    summary: "An application's appearance and its tenants' overrides",
    tag: 'applications',
    headers: AppearanceHeadersSchema,
    result: ApplicationAppearanceResultSchema,
    access: ['APPS_READ'],
  }),
  appearanceModify: endpoint({
    method: 'POST',
    path: APPEARANCE_PATHS.modify,
    summary: "Save an application's appearance",
    tag: 'applications',
    body: ModifyAppearanceRequestSchema,
    result: ErrorResultSchema,
    access: ['APPS_WRITE'],
    audited: true,
  }),
  tenantAppearanceModify: endpoint({
    method: 'POST',
    path: APPEARANCE_PATHS.modifyTenant,
    summary: "Save a tenant's title, language and appearance override",
    tag: 'applications',
    body: ModifyTenantAppearanceRequestSchema,
    result: ErrorResultSchema,
    access: ['APPS_WRITE'],
    audited: true,
  }),
  imageUpload: endpoint({
    method: 'POST',
    path: APPEARANCE_PATHS.uploadImage,
    summary: 'Upload an image for an appearance (PNG, JPG, WebP or ICO, at most 2 MB)',
    tag: 'applications',
    body: UploadImageRequestSchema,
    result: UploadImageResultSchema,
    access: ['APPS_WRITE'],
    audited: true,
  }),
  /** The image itself (not the envelope), at the name its upload answered: `<sha-256>.<extension>`. */
  storedImage: endpoint({
    method: 'GET',
    path: `${STORED_IMAGES_PATH}/:name`,
    summary: 'An uploaded image (immutable)',
    tag: 'portal',
    params: v.object({ name: v.string() }),
    raw: true,
    access: 'public',
  }),
} as const satisfies Record<string, Endpoint>;
