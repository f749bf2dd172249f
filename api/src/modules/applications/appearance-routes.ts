import type { FastifyInstance } from 'fastify';
import { INFORMATION_CODES, IMAGE_MAX_BYTES, applicationsAdminApi, type Envelope, type ErrorResult } from '@suite/shared/contracts';
import { route } from '../../http/route';
import { actorOf } from '../../security/audit';
import { modifyAppearance, modifyTenantAppearance, readAppearance, uploadAppearanceImage } from './appearance-service';

/**
 * Room for a file well over the 2 MB limit, so a 3 MB image gets the limit's text rather than a
 * bare 413; the privilege is checked before the body is read (route()).
 */
const UPLOAD_BODY_LIMIT = 4 * IMAGE_MAX_BYTES;

/**
 * The Apariencia tab (declared in @suite/shared/contracts, applicationsAdminApi): an
 * application's portal profile and its tenants' overrides, and the images they use. A save is
 * seen by the public screens of every instance on their next request (the cached applications
 * are dropped here and over NOTIFY).
 */
export default async function appearanceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  const saved = (information: string): Envelope<ErrorResult> => {
    app.ctx.directory.invalidate();
    return { statusCode: 200, result: { information, informationCode: INFORMATION_CODES.success } };
  };

  route(app, applicationsAdminApi.appearance, async ({ headers: { idApplication } }) => ({
    statusCode: 200,
    result: await readAppearance(db, idApplication),
  }));

  route(app, applicationsAdminApi.appearanceModify, async ({ body }, request) => saved(await modifyAppearance(db, actorOf(request), body)));

  route(app, applicationsAdminApi.tenantAppearanceModify, async ({ body }, request) =>
    saved(await modifyTenantAppearance(db, actorOf(request), body)),
  );

  route(
    app,
    applicationsAdminApi.imageUpload,
    async ({ body }, request) => ({ statusCode: 200, result: await uploadAppearanceImage(db, actorOf(request), body) }),
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );
}
