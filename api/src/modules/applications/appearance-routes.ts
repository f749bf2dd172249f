import type { FastifyInstance } from 'fastify';
import {
  APPEARANCE_PATHS,
  AppearanceHeadersSchema,
  ApplicationAppearanceResultSchema,
  INFORMATION_CODES,
  IMAGE_MAX_BYTES,
  ModifyAppearanceRequestSchema,
  ModifyTenantAppearanceRequestSchema,
  UploadImageRequestSchema,
  UploadImageResultSchema,
  ErrorResultSchema,
  type ApplicationAppearanceResult,
  type Envelope,
  type ErrorResult,
  type UploadImageResult,
} from '@suite/shared/contracts';
import { parseInput } from '../../http/errors';
import { pickHeaders } from '../../http/headers';
import { requirePrivilege } from '../../security/auth';
import { actorOf } from '../audit/audit';
import { modifyAppearance, modifyTenantAppearance, readAppearance, uploadAppearanceImage } from './appearance-service';

/**
 * Room for a file well over the 2 MB limit, so a 3 MB image gets the limit's text rather than a
 * bare 413; the privilege is checked before the body is read (onRequest).
 */
const UPLOAD_BODY_LIMIT = 4 * IMAGE_MAX_BYTES;

/**
 * The Apariencia tab: an application's portal profile and its tenants' overrides, and the images
 * they use. Reads need APPS_READ, writes APPS_WRITE; a save is seen by the public screens of every
 * instance on their next request (the cached applications are dropped here and over NOTIFY).
 */
export default async function appearanceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  const saved = (information: string): Envelope<ErrorResult> => {
    app.ctx.directory.invalidate();
    return { statusCode: 200, result: { information, informationCode: INFORMATION_CODES.success } };
  };

  app.get(APPEARANCE_PATHS.read, { preHandler: requirePrivilege('APPS_READ'), config: { contract: { summary: "An application's appearance and its tenants' overrides", tag: 'applications', headers: AppearanceHeadersSchema, result: ApplicationAppearanceResultSchema, auth: ['APPS_READ'] } } }, async (request): Promise<Envelope<ApplicationAppearanceResult>> => {
    const { idApplication } = parseInput(AppearanceHeadersSchema, pickHeaders(request, ['idApplication']), 'headers');
    return { statusCode: 200, result: await readAppearance(db, idApplication) };
  });

  app.post(APPEARANCE_PATHS.modify, { preHandler: requirePrivilege('APPS_WRITE'), config: { contract: { summary: "Save an application's appearance", tag: 'applications', body: ModifyAppearanceRequestSchema, result: ErrorResultSchema, auth: ['APPS_WRITE'] } } }, async (request) => {
    return saved(await modifyAppearance(db, actorOf(request), parseInput(ModifyAppearanceRequestSchema, request.body)));
  });

  app.post(APPEARANCE_PATHS.modifyTenant, { preHandler: requirePrivilege('APPS_WRITE'), config: { contract: { summary: "Save a tenant's title, language and appearance override", tag: 'applications', body: ModifyTenantAppearanceRequestSchema, result: ErrorResultSchema, auth: ['APPS_WRITE'] } } }, async (request) => {
    return saved(await modifyTenantAppearance(db, actorOf(request), parseInput(ModifyTenantAppearanceRequestSchema, request.body)));
  });

  app.post(APPEARANCE_PATHS.uploadImage, { bodyLimit: UPLOAD_BODY_LIMIT, onRequest: requirePrivilege('APPS_WRITE'), config: { contract: { summary: 'Upload an image for an appearance (PNG, JPG, WebP or ICO, at most 2 MB)', tag: 'applications', body: UploadImageRequestSchema, result: UploadImageResultSchema, auth: ['APPS_WRITE'] } } }, async (request): Promise<Envelope<UploadImageResult>> => {
    return { statusCode: 200, result: await uploadAppearanceImage(db, actorOf(request), parseInput(UploadImageRequestSchema, request.body)) };
  });
}
