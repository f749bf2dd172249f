import type { Kysely, Transaction } from 'kysely';
import {
  ACCESS_MESSAGES,
  APPLICATION_FORM_FIELDS,
  APPLICATION_MESSAGES,
  HIDDEN_APPLICATION,
  INFORMATION_CODES,
  formatMessage,
  isActiveState,
  type ApplicationAdminRecord,
  type CreateApplicationRequest,
  type ModifyApplicationRequest,
} from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { ApiError, badRequest } from '../../http/errors';
import { CONSOLE_APP } from '../../security/auth';
import { recordAudit, type AuditActor } from '../../security/audit';
import {
  announceApplicationsChange,
  applicationNameTaken,
  findApplicationById,
  insertApplication,
  listAdminApplications,
  setApplicationState,
  touchApplication,
  updateApplication,
} from './admin-queries';

type Trx = Transaction<DB>;

/** What a write did: the reply's message and the application's id. */
export interface ApplicationChange {
  id: number;
  information: string;
}

export const applicationNotFound = () => new ApiError(404, APPLICATION_MESSAGES.unknown, INFORMATION_CODES.notFound);

/** A concurrent save took the name between our check and our write: the same 400 as the check. */
async function inTransaction<T>(db: Kysely<DB>, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    const e = error as { code?: string; constraint?: string; message?: string };
    if (e?.code === '23505' && `${e?.constraint ?? ''}${e?.message ?? ''}`.includes('applications_name_key'))
      throw badRequest(APPLICATION_MESSAGES.nameInUse);
    throw error;
  }
}

/** The application as the audit log keeps it (what the list answers). */
async function snapshot(trx: Trx, id: number): Promise<ApplicationAdminRecord> {
  const [record] = await listAdminApplications(trx, id);
  return record;
}

/** What a save may change: the record without its modification time. */
const comparable = ({ modifiedOn: _modifiedOn, ...rest }: ApplicationAdminRecord) => JSON.stringify(rest);

/**
 * The console application stays active, visible and named as it is: switched off or hidden, nobody
 * could sign in to the console to switch it on again (R21); renamed, no token would be the
 * console's (docs/security/administrators.md).
 */
function assertConsoleStaysOn(current: string, next: { name?: string; idState?: number; isVisible?: boolean }): void {
  if (current.toLowerCase() !== CONSOLE_APP) return;
  const renamed = next.name !== undefined && next.name.toLowerCase() !== current.toLowerCase();
  if (renamed || next.isVisible === false || (next.idState !== undefined && !isActiveState(next.idState)))
    throw badRequest(APPLICATION_MESSAGES.consoleStaysOn);
}

/** Whether the configuration allows an address (http/public-origin.ts isRegisteredAddress). */
export type AddressCheck = (address: string) => boolean;

/** Sign-in codes go to urlApp and reset links to urlAssignPassword: only to addresses the configuration allows. */
function assertRegisteredAddresses(registered: AddressCheck, body: { urlApp: string; urlAssignPassword: string }): void {
  for (const url of [body.urlApp, body.urlAssignPassword]) {
    if (!registered(url)) throw badRequest(formatMessage(APPLICATION_MESSAGES.urlNotRegistered, { url }));
  }
}

/**
 * Creates an active application (and its parameters), audits it and announces it in the
 * transaction: every instance drops its cached applications when it commits.
 */
export async function createApplication(
  db: Kysely<DB>,
  actor: AuditActor | undefined,
  body: CreateApplicationRequest,
  registered: AddressCheck,
): Promise<ApplicationChange> {
  assertRegisteredAddresses(registered, body);
  return inTransaction(db, async (trx) => {
    if (await applicationNameTaken(trx, body.name)) throw badRequest(APPLICATION_MESSAGES.nameInUse);
    const id = await insertApplication(trx, body);
    await announceApplicationsChange(trx);
    await recordAudit(trx, {
      actor,
      action: 'application.create',
      entity: 'application',
      entityId: String(id),
      after: await snapshot(trx, id),
    });
    return { id, information: APPLICATION_MESSAGES.created };
  });
}

/**
 * Saves the whole application, its state included (the list's toggle re-sends it with `idState`
 * flipped). Unchanged: 400 'No hay cambios para guardar'. RESETOTP keeps its name and stays
 * hidden. Audited with before and after, announced in the transaction.
 */
export async function modifyApplication(
  db: Kysely<DB>,
  actor: AuditActor | undefined,
  body: ModifyApplicationRequest,
  registered: AddressCheck,
): Promise<ApplicationChange> {
  assertRegisteredAddresses(registered, body);
  return inTransaction(db, async (trx) => {
    const current = await findApplicationById(trx, body.id);
    if (!current) throw applicationNotFound();
    if (
      current.name.toLowerCase() === HIDDEN_APPLICATION.toLowerCase() &&
      (body.isVisible || body.name.toLowerCase() !== current.name.toLowerCase())
    ) {
      throw badRequest(APPLICATION_MESSAGES.hiddenStaysHidden);
    }
    assertConsoleStaysOn(current.name, { name: body.name, idState: body.idState, isVisible: body.isVisible });
    if (await applicationNameTaken(trx, body.name, body.id)) throw badRequest(APPLICATION_MESSAGES.nameInUse);
    const before = await snapshot(trx, body.id);
    await updateApplication(trx, body.id, body);
    // an unchanged save changes nothing and says so (the throw rolls the transaction back)
    if (comparable(before) === comparable(await snapshot(trx, body.id))) throw badRequest(ACCESS_MESSAGES.noChanges);
    await touchApplication(trx, body.id);
    const after = await snapshot(trx, body.id);
    await announceApplicationsChange(trx);
    await recordAudit(trx, { actor, action: 'application.modify', entity: 'application', entityId: String(body.id), before, after });
    return { id: body.id, information: APPLICATION_MESSAGES.updated };
  });
}

/**
 * Whether a modify body is the stored application re-sent with only `idState` different (the
 * list's toggle): then the state alone is saved, as stored data the form would not accept
 * (an application seeded without urlAssignPassword) must not stop the switch.
 */
export async function isStateToggle(db: Kysely<DB>, body: unknown): Promise<boolean> {
  if (typeof body !== 'object' || body === null) return false;
  const sent = body as Record<string, unknown>;
  if (typeof sent.id !== 'number' || !Number.isInteger(sent.id) || sent.id < 1 || sent.id > 2_147_483_647) return false;
  const [stored] = await listAdminApplications(db, sent.id);
  if (!stored || sent.idState === stored.idState) return false;
  return APPLICATION_FORM_FIELDS.every((field) => field in sent && sent[field] === stored[field]);
}

/** Switches an application on or off (the list's toggle); audited and announced in the transaction. */
export async function setApplicationStateOnly(
  db: Kysely<DB>,
  actor: AuditActor | undefined,
  id: number,
  idState: number,
): Promise<ApplicationChange> {
  return inTransaction(db, async (trx) => {
    const current = await findApplicationById(trx, id);
    if (!current) throw applicationNotFound();
    assertConsoleStaysOn(current.name, { idState });
    const before = await snapshot(trx, id);
    if (before.idState === idState) throw badRequest(ACCESS_MESSAGES.noChanges);
    await setApplicationState(trx, id, idState);
    const after = await snapshot(trx, id);
    await announceApplicationsChange(trx);
    await recordAudit(trx, { actor, action: 'application.state', entity: 'application', entityId: String(id), before, after });
    return { id, information: APPLICATION_MESSAGES.updated };
  });
}
