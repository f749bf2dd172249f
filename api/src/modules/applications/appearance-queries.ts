import type { Kysely, Transaction } from 'kysely';
import type { ApplicationAppearance, TenantOverride } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { PROFILE_COLUMNS } from './directory';

type Executor = Kysely<DB> | Transaction<DB>;

/** The application's profile columns (locked in a transaction, for a save). */
export async function findProfileRow(db: Executor, id: number, lock = false) {
  const query = db
    .selectFrom('applications')
    .select(['id', ...PROFILE_COLUMNS])
    .where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function listTenants(db: Executor, applicationId: number) {
  return db
    .selectFrom('application_tenants')
    .select(['code', 'title', 'default_language', 'profile'])
    .where('application_id', '=', applicationId)
    .orderBy('code')
    .execute();
}

/**
 * Saves an appearance: the behaviour fields are columns (ADR 0007), the rest one JSON document.
 * No default tenant is stored as null.
 */
export async function updateAppearance(trx: Transaction<DB>, id: number, appearance: ApplicationAppearance): Promise<void> {
  const { signInVariant, emailSentRoute, showBuyLink, showFreeTrial, defaultTenant, defaultLanguage, ...document } = appearance;
  await trx
    .updateTable('applications')
    .set({
      appearance: JSON.stringify(document),
      sign_in_variant: signInVariant,
      email_sent_route: emailSentRoute,
      show_buy_link: showBuyLink,
      show_free_trial: showFreeTrial,
      default_tenant: defaultTenant === '' ? null : defaultTenant,
      default_language: defaultLanguage,
    })
    .where('id', '=', id)
    .execute();
}

export async function updateTenantAppearance(
  trx: Transaction<DB>,
  applicationId: number,
  code: string,
  tenant: { title: string; defaultLanguage: string; override: TenantOverride },
): Promise<void> {
  await trx
    .updateTable('application_tenants')
    .set({ title: tenant.title, default_language: tenant.defaultLanguage, profile: JSON.stringify(tenant.override) })
    .where('application_id', '=', applicationId)
    .where('code', '=', code)
    .execute();
}
