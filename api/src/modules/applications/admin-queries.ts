import { sql, type Kysely, type Transaction } from 'kysely';
import {
  APP_PARAMETERS,
  HIDDEN_APPLICATION,
  amountTimeComb,
  applicationHostLabel,
  type ApplicationAdminRecord,
  type ApplicationOption,
  type CreateApplicationRequest,
} from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { applicationParameters, jsonType, type AppSeed } from '../../db/seeds/data';
import { APPLICATIONS_CHANGED_CHANNEL } from '../hub/session-bus';

type Executor = Kysely<DB> | Transaction<DB>;

/** RESETOTP (the OTP reset's hidden application) is never part of the console's list: a rule of the query. */
const NOT_HIDDEN = sql`lower(a.name) <> lower(${HIDDEN_APPLICATION})`;

interface AdminRow {
  id: number;
  name: string;
  title: string;
  url_app: string;
  url_assign_password: string;
  landing: string;
  description: string;
  type_application: boolean;
  is_visible: boolean;
  idstate: number;
  modified_on: Date | string;
  amount_time: number;
  time_unit: number;
  refresh_token_expiration_amount_time: number;
  refresh_token_expiration_time_unit: number;
  user_activate_token_time: number;
  user_activate_token_time_unit: number;
  assign_password_token_time: number;
  assign_password_token_time_unit: number;
  max_refresh_tokens: number;
  max_refresh_tokens_by_user: number;
  is_concurrent_session: boolean;
  max_concurrent_tokens: number;
  max_concurrent_tokens_by_user: number;
  number_password_changes: number;
  password_expiration: number;
  password_type_expiration: number;
  mechanism_after_set_pass: number;
  captcha_apply: boolean;
  second_factor: string | null;
  passkey_sign_in: boolean;
  time_zone: string;
  version: string;
  users_count: number;
  role_count: number;
  assignment_count: number;
}

const toRecord = (r: AdminRow): ApplicationAdminRecord => ({
  id: r.id,
  name: r.name,
  title: r.title,
  urlApp: r.url_app,
  urlAssignPassword: r.url_assign_password,
  landing: r.landing,
  description: r.description,
  typeApplication: r.type_application,
  isVisible: r.is_visible,
  idState: r.idstate,
  modifiedOn: new Date(r.modified_on).toISOString(),
  amountTime: r.amount_time,
  timeUnit: r.time_unit,
  amountTimeComb: amountTimeComb(r.amount_time, r.time_unit),
  refreshTokenExpirationAmountTime: r.refresh_token_expiration_amount_time,
  refreshTokenExpirationTimeUnit: r.refresh_token_expiration_time_unit,
  userActivateTokenTime: r.user_activate_token_time,
  userActivateTokenTimeUnit: r.user_activate_token_time_unit,
  assignPasswordTokenTime: r.assign_password_token_time,
  assignPasswordTokenTimeUnit: r.assign_password_token_time_unit,
  maxRefreshTokens: r.max_refresh_tokens,
  maxRefreshTokensByUser: r.max_refresh_tokens_by_user,
  isConcurrentSession: r.is_concurrent_session,
  maxConcurrentTokens: r.max_concurrent_tokens,
  maxConcurrentTokensByUser: r.max_concurrent_tokens_by_user,
  numberPasswordChanges: r.number_password_changes,
  passwordExpiration: r.password_expiration,
  passwordTypeExpiration: r.password_type_expiration,
  mechanismAfterSetPass: r.mechanism_after_set_pass,
  captchaApply: r.captcha_apply,
  secondFactor: r.second_factor === 'optional' || r.second_factor === 'required' ? r.second_factor : 'off',
  passkeySignIn: r.passkey_sign_in,
  timeZone: r.time_zone,
  version: r.version,
  count: r.users_count,
  rolCount: r.role_count,
  rolCountUnique: r.assignment_count,
});

/**
 * The console's applications (every one but RESETOTP), active ones first, then the most recently
 * modified; `id` reads that one, hidden or not (the audit's snapshot). count: users holding a role there;
 * rolCount: roles it offers; rolCountUnique: its (user, role) assignments.
 */
export async function listAdminApplications(db: Executor, id?: number): Promise<ApplicationAdminRecord[]> {
  const { rows } = await sql<AdminRow>`
    select a.id, a.name, a.title, a.url_app, a.url_assign_password, a.landing, a.description,
           a.type_application, a.is_visible, a.idstate, a.modified_on, a.amount_time, a.time_unit,
           a.refresh_token_expiration_amount_time, a.refresh_token_expiration_time_unit,
           a.user_activate_token_time, a.user_activate_token_time_unit,
           a.assign_password_token_time, a.assign_password_token_time_unit,
           a.max_refresh_tokens, a.max_refresh_tokens_by_user, a.is_concurrent_session,
           a.max_concurrent_tokens, a.max_concurrent_tokens_by_user, a.number_password_changes,
           a.password_expiration, a.password_type_expiration, a.mechanism_after_set_pass, a.time_zone, a.version,
           coalesce((select p.value = 'true'::jsonb from application_parameters p
                      where p.application_id = a.id and p.name = ${APP_PARAMETERS.captchaApply}), false) as captcha_apply,
           (select p.value #>> '{}' from application_parameters p
             where p.application_id = a.id and p.name = ${APP_PARAMETERS.secondFactor}) as second_factor,
           coalesce((select p.value = 'true'::jsonb from application_parameters p
                      where p.application_id = a.id and p.name = ${APP_PARAMETERS.passkeySignIn}), false) as passkey_sign_in,
           (select count(distinct ur.user_id)::int from user_roles ur where ur.application_id = a.id) as users_count,
           (select count(*)::int from role_applications ra where ra.application_id = a.id) as role_count,
           (select count(*)::int from user_roles ur where ur.application_id = a.id) as assignment_count
      from applications a
     where ${id === undefined ? NOT_HIDDEN : sql`a.id = ${id}::int`}
     order by a.idstate, a.modified_on desc, lower(a.name)`.execute(db);
  return rows.map(toRecord);
}

/** The application by id as stored (hidden ones included), for a modify. */
export async function findApplicationById(db: Executor, id: number) {
  return db.selectFrom('applications').select(['id', 'name', 'is_visible']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Whether another application already has the name, or one with the same host label (case and
 * accents aside: 'Nómina' and 'nomina' would answer at the same address).
 */
export async function applicationNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('applications').select('name');
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const label = applicationHostLabel(name);
  return (await query.execute()).some((other) => applicationHostLabel(other.name) === label);
}

/** The form's fields as columns. */
const columnsOf = (body: CreateApplicationRequest) => ({
  name: body.name,
  title: body.title,
  url_app: body.urlApp,
  url_assign_password: body.urlAssignPassword,
  landing: body.landing,
  description: body.description,
  type_application: body.typeApplication,
  is_visible: body.isVisible,
  amount_time: body.amountTime,
  time_unit: body.timeUnit,
  refresh_token_expiration_amount_time: body.refreshTokenExpirationAmountTime,
  refresh_token_expiration_time_unit: body.refreshTokenExpirationTimeUnit,
  user_activate_token_time: body.userActivateTokenTime,
  user_activate_token_time_unit: body.userActivateTokenTimeUnit,
  assign_password_token_time: body.assignPasswordTokenTime,
  assign_password_token_time_unit: body.assignPasswordTokenTimeUnit,
  max_refresh_tokens: body.maxRefreshTokens,
  max_refresh_tokens_by_user: body.maxRefreshTokensByUser,
  is_concurrent_session: body.isConcurrentSession,
  max_concurrent_tokens: body.maxConcurrentTokens,
  max_concurrent_tokens_by_user: body.maxConcurrentTokensByUser,
  number_password_changes: body.numberPasswordChanges,
  password_expiration: body.passwordExpiration,
  password_type_expiration: body.passwordTypeExpiration,
  mechanism_after_set_pass: body.mechanismAfterSetPass,
  // absent: the column's default on insert, the stored zone on update
  ...(body.timeZone === undefined ? {} : { time_zone: body.timeZone }),
});

/**
 * Inserts an active application and the parameters every application has (the seed's defaults:
 * no captcha, no buy link). No tenant, no appearance of its own (the default profile with its
 * title), no privilege or role: those are given in their own sections.
 */
export async function insertApplication(trx: Transaction<DB>, body: CreateApplicationRequest): Promise<number> {
  const { id } = await trx
    .insertInto('applications')
    .values({ ...columnsOf(body), idstate: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parameters = applicationParameters({
    name: body.name,
    title: body.title,
    captcha_apply: body.captchaApply ?? false,
    show_buy_link: false,
  } as AppSeed);
  await trx
    .insertInto('application_parameters')
    .values(
      parameters.map((p) => ({
        application_id: id,
        parameter_type: p.parameter_type,
        name: p.name,
        value: JSON.stringify(p.value),
        value_type: jsonType(p.value),
      })),
    )
    .execute();
  await setLoginParameters(trx, id, { ...body, captchaApply: undefined });
  return id;
}

/** Saves every field of the form and the state; the captcha switch when sent. */
export async function updateApplication(
  trx: Transaction<DB>,
  id: number,
  body: CreateApplicationRequest & { idState: number },
): Promise<void> {
  // a sign-in code is redeemable only for the address it was sent to: a new urlApp voids the codes not yet exchanged
  await sql`
    update auth_codes ac set expires_at = now()
      from applications a
     where a.id = ${id}::int and ac.application_id = a.id and ac.used_at is null and ac.expires_at > now()
       and a.url_app is distinct from ${body.urlApp}`.execute(trx);
  await trx
    .updateTable('applications')
    .set({ ...columnsOf(body), idstate: body.idState })
    .where('id', '=', id)
    .execute();
  await setLoginParameters(trx, id, body);
}

/** The sign-in switches of the form that were sent: the captcha, the second factor, the passkey sign-in. */
async function setLoginParameters(trx: Transaction<DB>, id: number, body: CreateApplicationRequest): Promise<void> {
  if (body.captchaApply !== undefined) await setLoginParameter(trx, id, APP_PARAMETERS.captchaApply, body.captchaApply);
  if (body.secondFactor !== undefined) await setLoginParameter(trx, id, APP_PARAMETERS.secondFactor, body.secondFactor);
  if (body.passkeySignIn !== undefined) await setLoginParameter(trx, id, APP_PARAMETERS.passkeySignIn, body.passkeySignIn);
}

/** A login parameter of the application (added when an application lacks it). */
async function setLoginParameter(trx: Transaction<DB>, id: number, name: string, value: boolean | string): Promise<void> {
  const json = JSON.stringify(value);
  await trx
    .insertInto('application_parameters')
    .values({
      application_id: id,
      parameter_type: 'login',
      name,
      value: json,
      value_type: typeof value === 'boolean' ? 'boolean' : 'string',
    })
    .onConflict((oc) =>
      oc
        .columns(['application_id', 'name'])
        .doUpdateSet({ value: json, modified_on: sql`now()` })
        .where(sql<boolean>`application_parameters.value <> ${json}::jsonb`),
    )
    .execute();
}

/** Switches the application on (0) or off (1), marking it modified. */
export async function setApplicationState(trx: Transaction<DB>, id: number, idState: number): Promise<void> {
  await trx.updateTable('applications').set({ idstate: idState, modified_on: sql`now()` }).where('id', '=', id).execute();
}

/** Marks the application modified now (only when something changed). */
export async function touchApplication(trx: Transaction<DB>, id: number): Promise<void> {
  await trx.updateTable('applications').set({ modified_on: sql`now()` }).where('id', '=', id).execute();
}

/** What the selectors offer (menus, notifications): visible and active applications, by title. */
export async function selectableApplications(db: Executor): Promise<ApplicationOption[]> {
  const { rows } = await sql<ApplicationOption>`
    select a.id, a.name, a.title, a.time_zone as "timeZone" from applications a
     where a.is_visible and a.idstate = 0
     order by lower(a.title), lower(a.name)`.execute(db);
  return rows;
}

/** Inside a change's transaction: every instance drops its cached applications when the change commits. */
export async function announceApplicationsChange(trx: Transaction<DB>): Promise<void> {
  await sql`select pg_notify(${APPLICATIONS_CHANGED_CHANNEL}, '')`.execute(trx);
}
