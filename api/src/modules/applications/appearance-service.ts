import type { Kysely, Transaction } from 'kysely';
import {
  ACCESS_MESSAGES,
  APPEARANCE_IMAGE_TYPES,
  APPEARANCE_MESSAGES,
  HIDDEN_APPLICATION,
  appearanceContrastIssues,
  appearanceOf,
  canonicalJson,
  contrastMessage,
  mergeProfile,
  type ApplicationAppearanceResult,
  type ModifyAppearanceRequest,
  type ModifyTenantAppearanceRequest,
  type PortalProfile,
  type PortalProfileOverride,
  type UploadImageRequest,
  type UploadImageResult,
} from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { recordAudit, type AuditActor } from '../../security/audit';
import { storeUploadedImage } from '../images/service';
import { announceApplicationsChange, touchApplication } from './admin-queries';
import { applicationNotFound } from './admin-service';
import { findProfileRow, listTenants, updateAppearance, updateTenantAppearance } from './appearance-queries';
import { storedProfile } from './directory';

type Trx = Transaction<DB>;

const isHidden = (name: string) => name.toLowerCase() === HIDDEN_APPLICATION.toLowerCase();

/** The application's own profile and its tenants, or 404 (RESETOTP is not part of the console). */
async function load(db: Kysely<DB> | Trx, id: number, lock = false) {
  const row = await findProfileRow(db, id, lock);
  if (!row || isHidden(row.name)) throw applicationNotFound();
  const tenants = await listTenants(db, id);
  return { row, profile: storedProfile(row), tenants };
}

/** Refuses the first colour pair below AA in the profile or in any tenant's profile laid over it. */
function checkContrast(profile: PortalProfile, tenantOverrides: unknown[]): void {
  for (const candidate of [profile, ...tenantOverrides.map((override) => mergeProfile(profile, override))]) {
    const [issue] = appearanceContrastIssues(candidate);
    if (issue) throw badRequest(contrastMessage(issue));
  }
}

/** The Apariencia tab's data: the application's own appearance and its tenants' overrides. */
export async function readAppearance(db: Kysely<DB>, id: number): Promise<ApplicationAppearanceResult> {
  const { row, profile, tenants } = await load(db, id);
  return {
    id,
    name: row.name,
    title: row.title,
    appearance: appearanceOf(profile),
    tenants: tenants.map((t) => ({
      code: t.code,
      title: t.title,
      defaultLanguage: t.default_language,
      override: (t.profile ?? {}) as PortalProfileOverride,
    })),
  };
}

/**
 * Saves an application's appearance: the default tenant must be one of its tenants, every text
 * the public screens draw must reach AA on its background (in its tenants' looks too), and an
 * unchanged save is refused. Audited with before and after, announced in the transaction.
 */
export async function modifyAppearance(db: Kysely<DB>, actor: AuditActor | undefined, body: ModifyAppearanceRequest): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { row, profile, tenants } = await load(trx, body.id, true);
    const { appearance } = body;
    const before = appearanceOf(profile);
    // one of its tenants, or none; a default kept as it is stays (myselfcert is a tenant of the suite, not of each myself-style application)
    const knownTenant =
      appearance.defaultTenant === '' ||
      appearance.defaultTenant === before.defaultTenant ||
      tenants.some((t) => t.code === appearance.defaultTenant);
    if (!knownTenant) throw badRequest(APPEARANCE_MESSAGES.tenantUnknown);
    if (canonicalJson(before) === canonicalJson(appearance)) throw badRequest(ACCESS_MESSAGES.noChanges);
    const next = { ...profile, ...appearance };
    checkContrast(
      next,
      tenants.map((t) => t.profile),
    );
    await updateAppearance(trx, body.id, appearance);
    await touchApplication(trx, body.id);
    const after = appearanceOf(storedProfile((await findProfileRow(trx, body.id))!));
    await announceApplicationsChange(trx);
    await recordAudit(trx, {
      actor,
      action: 'application.appearance',
      entity: 'application',
      entityId: String(body.id),
      before: { name: row.name, appearance: before },
      after: { name: row.name, appearance: after },
    });
    return APPEARANCE_MESSAGES.updated;
  });
}

/** Saves one tenant's title, language and override (contrast checked on the merged look). */
export async function modifyTenantAppearance(
  db: Kysely<DB>,
  actor: AuditActor | undefined,
  body: ModifyTenantAppearanceRequest,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { row, profile, tenants } = await load(trx, body.id, true);
    const tenant = tenants.find((t) => t.code === body.code);
    if (!tenant) throw badRequest(APPEARANCE_MESSAGES.tenantUnknown);
    const before = { title: tenant.title, defaultLanguage: tenant.default_language, override: tenant.profile ?? {} };
    const after = { title: body.title, defaultLanguage: body.defaultLanguage, override: body.override };
    if (canonicalJson(before) === canonicalJson(after)) throw badRequest(ACCESS_MESSAGES.noChanges);
    checkContrast(mergeProfile(profile, body.override), []);
    await updateTenantAppearance(trx, body.id, body.code, after);
    await touchApplication(trx, body.id);
    await announceApplicationsChange(trx);
    await recordAudit(trx, {
      actor,
      action: 'application.tenantAppearance',
      entity: 'application',
      entityId: String(body.id),
      before: { name: row.name, tenant: body.code, ...before },
      after: { name: row.name, tenant: body.code, ...after },
    });
    return APPEARANCE_MESSAGES.tenantUpdated;
  });
}

/** Stores an image for an application's appearance (PNG, JPG, WebP or ICO, told by content; ≤ 2 MB). */
export async function uploadAppearanceImage(
  db: Kysely<DB>,
  actor: AuditActor | undefined,
  body: UploadImageRequest,
): Promise<UploadImageResult> {
  return db.transaction().execute(async (trx) => {
    await load(trx, body.id);
    return storeUploadedImage(trx, actor, {
      fileName: body.fileName,
      imageBase64: body.imageBase64,
      applicationId: body.id,
      accepted: APPEARANCE_IMAGE_TYPES,
      messages: { type: APPEARANCE_MESSAGES.imageType, size: APPEARANCE_MESSAGES.imageTooLarge },
      action: 'application.image',
    });
  });
}
