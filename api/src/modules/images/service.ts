import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { imageSize } from 'image-size';
import { APPEARANCE_MESSAGES, IMAGE_MAX_BYTES, STORED_IMAGES_PATH, type AppearanceImageType, type UploadImageResult } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit/audit';
import { insertImage } from './queries';

/** The content type each accepted image type is served with. */
export const IMAGE_CONTENT_TYPES: Record<AppearanceImageType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
};

export interface InspectedImage {
  type: AppearanceImageType;
  width: number;
  height: number;
}

/**
 * What an image is, told by its content (signature and a header that decodes, with sizes), never
 * by its name: a GIF or an SVG renamed .png is not a PNG. Undefined for anything not accepted.
 */
export function inspectImage(bytes: Uint8Array, accepted: readonly AppearanceImageType[]): InspectedImage | undefined {
  try {
    const { type, width, height } = imageSize(bytes);
    if (!accepted.includes(type as AppearanceImageType) || !width || !height) return undefined;
    return { type: type as AppearanceImageType, width, height };
  } catch {
    return undefined;
  }
}

/** Base64 (an optional `data:…;base64,` prefix is dropped) to bytes; undefined when it is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  const body = text.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (body.length === 0 || body.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return undefined;
  return Buffer.from(body, 'base64');
}

export interface ImageUpload {
  fileName: string;
  imageBase64: string;
  applicationId: number | null;
  accepted: readonly AppearanceImageType[];
}

/**
 * Checks and stores an uploaded image in the caller's transaction (audited there), named by the
 * SHA-256 of its bytes. Refusals: not base64 or not an accepted image ('El archivo debe ser…'),
 * more than 2 MB.
 */
export async function storeUploadedImage(trx: Transaction<DB>, actor: AuditActor | undefined, upload: ImageUpload): Promise<UploadImageResult> {
  const bytes = decodeBase64(upload.imageBase64);
  if (!bytes) throw badRequest(APPEARANCE_MESSAGES.imageType);
  if (bytes.length > IMAGE_MAX_BYTES) throw badRequest(APPEARANCE_MESSAGES.imageTooLarge);
  const image = inspectImage(bytes, upload.accepted);
  if (!image) throw badRequest(APPEARANCE_MESSAGES.imageType);
  const id = createHash('sha256').update(bytes).digest('hex');
  const relativePath = `${STORED_IMAGES_PATH}/${id}.${image.type}`;
  const stored = await insertImage(trx, {
    id,
    image_type: image.type,
    content_type: IMAGE_CONTENT_TYPES[image.type],
    width: image.width,
    height: image.height,
    size: bytes.length,
    bytes,
    file_name: upload.fileName,
    application_id: upload.applicationId,
    created_by: actor?.id ?? null,
  });
  if (stored) {
    await recordAudit(trx, {
      actor,
      action: 'image.upload',
      entity: 'image',
      entityId: id,
      after: { relativePath, fileName: upload.fileName, size: bytes.length, width: image.width, height: image.height, applicationId: upload.applicationId },
    });
  }
  return { relativePath, width: image.width, height: image.height };
}
