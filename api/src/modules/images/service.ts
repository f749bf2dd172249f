import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { imageSize } from 'image-size';
import {
  APPEARANCE_MESSAGES,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  STORED_IMAGES_PATH,
  formatMessage,
  type AppearanceImageType,
  type UploadImageResult,
} from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { recordAudit, type AuditActor } from '../../security/audit';
import { readPngHeader } from './png';
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
 * by its name: a GIF or an SVG renamed .png is not a PNG. A PNG is checked whole (its header's
 * checksum and its end: readPngHeader). Undefined for anything not accepted.
 */
export function inspectImage(bytes: Buffer, accepted: readonly AppearanceImageType[]): InspectedImage | undefined {
  try {
    const { type, width, height } = imageSize(bytes);
    if (!accepted.includes(type as AppearanceImageType) || !width || !height) return undefined;
    if (type === 'png' && !readPngHeader(bytes)) return undefined;
    return { type: type as AppearanceImageType, width, height };
  } catch {
    return undefined;
  }
}

/**
 * Whether what an image decodes to stays within the upload limits: each side and the pixel count,
 * as its header declares them (the header is what a browser allocates by).
 */
export function withinDimensions({ width, height }: Pick<InspectedImage, 'width' | 'height'>): boolean {
  return width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE && width * height <= IMAGE_MAX_PIXELS;
}

/** Base64 without an optional `data:…;base64,` prefix and spaces; undefined when it is not base64. */
function base64Body(text: string): string | undefined {
  const body = text.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (body.length === 0 || body.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return undefined;
  return body;
}

/** The decoded size of base64 text, known before decoding (an oversized upload is never held twice). */
const decodedSize = (body: string) => (body.length / 4) * 3 - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0);

export interface ImageUpload {
  fileName: string;
  imageBase64: string;
  applicationId: number | null;
  accepted: readonly AppearanceImageType[];
  /** The caller's refusals (the menus' have the documented texts: docs/product/menus.md, Logos and images). */
  messages: { type: string; size: string };
  /** The audit action: `<entity>.image`. */
  action: string;
}

/**
 * The one store of uploaded images (appearances, menus): checks an upload and stores it in the
 * caller's transaction (audited there), named by the SHA-256 of its bytes and served from the
 * database by every instance at STORED_IMAGES_PATH. Refusals, in the caller's texts: not base64
 * or not an accepted image; more than 2 MB; and beyond IMAGE_MAX_SIDE or IMAGE_MAX_PIXELS once decoded.
 */
export async function storeUploadedImage(
  trx: Transaction<DB>,
  actor: AuditActor | undefined,
  upload: ImageUpload,
): Promise<UploadImageResult> {
  const body = base64Body(upload.imageBase64);
  if (!body) throw badRequest(upload.messages.type);
  if (decodedSize(body) > IMAGE_MAX_BYTES) throw badRequest(upload.messages.size);
  const bytes = Buffer.from(body, 'base64');
  const image = inspectImage(bytes, upload.accepted);
  if (!image) throw badRequest(upload.messages.type);
  if (!withinDimensions(image))
    throw badRequest(
      formatMessage(APPEARANCE_MESSAGES.imageDimensions, { side: IMAGE_MAX_SIDE, megapixels: IMAGE_MAX_PIXELS / 1_000_000 }),
    );
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
      action: upload.action,
      entity: 'image',
      entityId: id,
      after: {
        relativePath,
        fileName: upload.fileName,
        size: bytes.length,
        width: image.width,
        height: image.height,
        applicationId: upload.applicationId,
      },
    });
  }
  return { relativePath, width: image.width, height: image.height };
}
