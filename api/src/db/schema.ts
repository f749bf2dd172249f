import type { ColumnType, Generated } from 'kysely';
import type { SignInVariant } from '@suite/shared/contracts';

/** Kysely table types; they mirror migrations/*.sql (snake_case columns). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TimestampNullable = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UserTypesTable {
  id: number;
  name: string;
}

export interface CountriesTable {
  id: number;
  name: string;
  country_code: string;
  idstate: Generated<number>;
}

export interface DocumentTypesTable {
  id: number;
  description: string;
  allowed: string;
  country_id: number;
  alphanumeric: Generated<boolean>;
  for_certificate: Generated<boolean>;
  idstate: Generated<number>;
}

export interface ApplicationsTable {
  id: Generated<number>;
  name: string;
  title: string;
  url_app: Generated<string>;
  url_assign_password: Generated<string>;
  landing: Generated<string>;
  description: Generated<string>;
  type_application: Generated<boolean>;
  is_visible: Generated<boolean>;
  idstate: Generated<number>;
  amount_time: Generated<number>;
  time_unit: Generated<number>;
  refresh_token_expiration_amount_time: Generated<number>;
  refresh_token_expiration_time_unit: Generated<number>;
  user_activate_token_time: Generated<number>;
  user_activate_token_time_unit: Generated<number>;
  assign_password_token_time: Generated<number>;
  assign_password_token_time_unit: Generated<number>;
  max_refresh_tokens: Generated<number>;
  max_refresh_tokens_by_user: Generated<number>;
  is_concurrent_session: Generated<boolean>;
  max_concurrent_tokens: Generated<number>;
  max_concurrent_tokens_by_user: Generated<number>;
  number_password_changes: Generated<number>;
  password_expiration: Generated<number>;
  password_type_expiration: Generated<number>;
  mechanism_after_set_pass: Generated<number>;
  version: Generated<string>;
  sign_in_variant: Generated<SignInVariant>;
  email_sent_route: Generated<'/alert' | '/check-email'>;
  show_buy_link: Generated<boolean>;
  show_free_trial: Generated<boolean>;
  default_tenant: string | null;
  default_language: Generated<string>;
  free_trial_url: Generated<string>;
  free_trial_code: Generated<string>;
  /** IANA zone its notifications are sent in (0015). */
  time_zone: Generated<string>;
  /** Portal profile appearance (jsonb, 0009): returned parsed; write it as JSON text. */
  appearance: ColumnType<unknown, string | undefined, string>;
  created_on: Timestamp;
  modified_on: Timestamp;
}

export interface ApplicationParametersTable {
  application_id: number;
  parameter_type: 'login' | 'general';
  name: string;
  /** JSON value (jsonb): node-postgres and PGlite return it parsed; write it as JSON text. */
  value: ColumnType<unknown, string, string>;
  value_type: 'boolean' | 'number' | 'string' | 'object' | 'array';
  modified_on: Timestamp;
}

export interface MaintenanceWindowsTable {
  id: Generated<number>;
  application_id: number | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  message: Generated<string>;
  created_on: Timestamp;
}

export interface ApplicationTenantsTable {
  id: Generated<number>;
  application_id: number;
  code: string;
  title: string;
  default_language: Generated<string>;
  /** The tenant's partial portal profile (jsonb, 0009): returned parsed; write it as JSON text. */
  profile: ColumnType<unknown, string | undefined, string>;
}

export interface CustomersTable {
  id: Generated<string>;
  name: string;
  document: Generated<string>;
  idstate: Generated<number>;
  created_on: Timestamp;
  modified_on: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  user_name: string;
  email: string;
  names: Generated<string>;
  surnames: Generated<string>;
  document: Generated<string>;
  document_type_id: number | null;
  country_id: number | null;
  phone_number: string | null;
  typeuserid: Generated<number>;
  idstate: Generated<number>;
  password_hash: string | null;
  password_changed_at: TimestampNullable;
  last_login_at: TimestampNullable;
  deleted: Generated<boolean>;
  created_on: Timestamp;
  modified_on: Timestamp;
  /** lower(user_name names surnames document email), generated (0008): the list's search. */
  search_text: ColumnType<string, never, never>;
  /** argon2id of the password initially assigned to the certificate (0016); null: assigned by hand. */
  certificate_password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the e-mail was last proven by a mailed link (0019); null: unproven. */
  email_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The plain users list's live-row count, one row kept by triggers (0008). */
/** Live users per day of modification, in each order's groups (migration 0026): where a deep list page starts. */
export interface UserListDaysTable {
  scheme: number;
  grp: boolean;
  day: number;
  live: number;
}

export interface UserTotalsTable {
  id: Generated<boolean>;
  /** bigint: node-postgres reads it as text, PGlite as a number. */
  live: ColumnType<string | number, number, number>;
}

export interface UserCustomersTable {
  user_id: string;
  customer_id: string;
  principal: Generated<boolean>;
  assigned: Generated<boolean>;
  modified_on: Timestamp;
}

export interface PrivilegesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  idstate: Generated<number>;
  licence: Generated<boolean>;
  is_auditable: Generated<boolean>;
  created_on: Timestamp;
  modified_on: Timestamp;
}

export interface ApplicationPrivilegesTable {
  application_id: number;
  privilege_id: number;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  alias: Generated<string>;
  idstate: Generated<number>;
  created_on: Timestamp;
  modified_on: Timestamp;
}

export interface RoleApplicationsTable {
  role_id: number;
  application_id: number;
  is_visible: Generated<boolean>;
}

export interface RolePrivilegesTable {
  role_id: number;
  application_id: number;
  privilege_id: number;
}

export interface UserRolesTable {
  user_id: string;
  role_id: number;
  application_id: number;
  created_on: Timestamp;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  public_jwk: string;
  private_jwk: string;
  status: Generated<'next' | 'active' | 'previous' | 'retired'>;
  created_at: Timestamp;
  retired_at: TimestampNullable;
  /** When the key stopped signing (became 'previous'). */
  superseded_at: TimestampNullable;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  application_id: number;
  tenant: string | null;
  id_session_tab: string | null;
  ip: string | null;
  browser: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: TimestampNullable;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  session_id: string;
  user_id: string;
  application_id: number;
  family_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: TimestampNullable;
  revoked_at: TimestampNullable;
  replaced_by: string | null;
  generation: Generated<number>;
}

/** Devices that proved a user's password (migrations/0011): only the SHA-256 of the cookie's id. */
export interface RecognisedDevicesTable {
  user_id: string;
  device_hash: string;
  proved_at: Generated<Date>;
}

export interface SignInLockoutsTable {
  subject: string;
  user_id: string | null;
  failed_attempts: Generated<number>;
  lock_count: Generated<number>;
  locked_until: TimestampNullable;
  blocked_at: TimestampNullable;
  attempt_id: string | null;
  in_flight: Generated<number>;
  in_flight_until: TimestampNullable;
  updated_at: Timestamp;
}

export interface AuthCodesTable {
  code_hash: string;
  session_id: string;
  user_id: string;
  application_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: TimestampNullable;
  family_id: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface PasswordTokensTable {
  id: Generated<string>;
  user_id: string;
  application_id: number;
  purpose: 'activation' | 'reset';
  token_hash: string;
  tenant_language: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: TimestampNullable;
}

/** A captcha solution already used for a sign-in (single use across instances). */
export interface CaptchaSolutionsTable {
  nonce: string;
  expires_at: Timestamp;
}

/** A fixed window of a per-account rate limit, shared by every instance (SharedLimiter). */
export interface RateWindowsTable {
  key_hash: string;
  hits: number;
  resets_at: Timestamp;
}

/** An application's request to reset a user's OTP device, confirmed from an e-mailed link. */
export interface OtpResetRequestsTable {
  id: Generated<string>;
  application_id: number;
  user_id: string;
  requested_by: string | null;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  validated_at: TimestampNullable;
}

export interface PasswordHistoryTable {
  id: Generated<string>;
  user_id: string;
  application_id: number;
  password_hash: string;
  created_at: Generated<Date>;
}

/** A provider's account (issuer, subject) linked to a local user (0019). */
export interface ExternalIdentitiesTable {
  id: Generated<string>;
  issuer: string;
  subject: string;
  user_id: string;
  email: string | null;
  linked_by: string;
  created_at: Generated<Date>;
  last_sign_in_at: TimestampNullable;
}

/** An external sign-in in flight (0019): single use, short-lived. */
export interface OidcRequestsTable {
  id: Generated<string>;
  state_hash: string;
  binding_hash: string;
  application_id: number;
  tenant: string | null;
  issuer: string;
  redirect_uri: string;
  nonce: string;
  code_verifier: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: TimestampNullable;
}

export interface CertificateResetCodesTable {
  id: Generated<string>;
  /** The user id, or '~' + the lower-cased name when no account can receive a code. */
  subject: string;
  user_id: string | null;
  application_id: number;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: TimestampNullable;
  client: string | null;
  created_at: Generated<Date>;
}

export interface MailboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Generated<Date>;
}

/** Password e-mails waiting to be sent, and those sent or failed for good (0024). */
export interface MailOutboxTable {
  id: Generated<string>;
  created_at: Generated<Date>;
  /** A job the sending instance writes the message of (then cleared); null: the message is written. */
  job_kind: string | null;
  job: ColumnType<unknown, string | null | undefined, string | null>;
  to_address: string | null;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  message_id: string;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  leased_until: TimestampNullable;
  lease_owner: string | null;
  last_error: string | null;
  sent_at: TimestampNullable;
  failed_at: TimestampNullable;
}

/** Who changed what and when (0008): one row per change made through the console. */
export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_id: string | null;
  actor_name: Generated<string>;
  action: string;
  entity: string;
  entity_id: string;
  /** jsonb: returned parsed; write it as JSON text. */
  before: ColumnType<unknown, string | null | undefined, string | null>;
  after: ColumnType<unknown, string | null | undefined, string | null>;
  /** Generated (0032): the sign-in's or the changed application's name. */
  application: ColumnType<string | null, never, never>;
}

/** Scheduled e-mail notifications (0015). */
export interface NotificationTemplatesTable {
  id: string;
  title: string;
  body_html: string;
  image_svg: string;
  idstate: Generated<number>;
  created_on: Timestamp;
}

export interface NotificationTemplateVariablesTable {
  template_id: string;
  position: number;
  name: string;
  type: 'text' | 'date' | 'time' | 'check';
  label: string;
  multiline: Generated<boolean>;
  rows: Generated<number>;
  max_length: Generated<number>;
  complement: string | null;
}

export interface NotificationSubjectsTable {
  id: Generated<number>;
  template_id: string;
  name: string;
}

export interface NotificationTemplateApplicationsTable {
  template_id: string;
  application_id: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  reason: string;
  template_id: string;
  subject_id: number;
  /** jsonb: returned parsed; write it as JSON text. */
  variables: ColumnType<unknown, string | undefined, string>;
  /** date: written and read as 'YYYY-MM-DD' text (the queries cast it). */
  execution_date: ColumnType<string, string, string>;
  time_zone: string;
  send_at: ColumnType<Date, Date | string, Date | string>;
  idstate: Generated<number>;
  planned_at: TimestampNullable;
  executed_at: TimestampNullable;
  /** What the purged delivery rows counted (0017). */
  purged_recipients: Generated<number>;
  purged_sent: Generated<number>;
  purged_failed: Generated<number>;
  created_by: string | null;
  created_on: Timestamp;
  modified_on: Timestamp;
}

export interface NotificationApplicationsTable {
  notification_id: number;
  application_id: number;
}

export interface NotificationDeliveriesTable {
  id: Generated<string>;
  notification_id: number;
  user_id: string | null;
  email: string;
  names: Generated<string>;
  message_id: string;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string, Date | string>;
  lease_owner: string | null;
  lease_until: TimestampNullable;
  sent_at: TimestampNullable;
  last_error: string | null;
}

export interface SchemaMigrationsTable {
  version: string;
  name: string;
  applied_at: Timestamp;
}

export interface StoredImagesTable {
  id: string;
  image_type: 'png' | 'jpg' | 'webp' | 'ico';
  content_type: string;
  width: number;
  height: number;
  size: number;
  bytes: Uint8Array;
  file_name: string;
  application_id: number | null;
  created_by: string | null;
  created_at: Generated<Date>;
}

/** 0014: one menu per application and location; menujson is jsonb (returned parsed; write it as JSON text). */
export interface MenusTable {
  id: Generated<number>;
  application_id: number;
  idmenulocation: number;
  number_rows: Generated<number>;
  menujson: ColumnType<unknown, string | undefined, string>;
  version: Generated<number>;
  created_on: Timestamp;
  modified_on: Timestamp;
}

/** oidc-provider's models, one row each (migration 0028). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  session_uid: string | null;
  uid: string | null;
  expires_at: TimestampNullable;
  consumed_at: TimestampNullable;
}

/** The applications' OpenID clients (migration 0028). */
export interface OidcClientsTable {
  client_id: string;
  application_id: number;
  public: boolean;
  secret_hash: string | null;
  redirect_uris: ColumnType<string[], string[] | undefined, string[]>;
  post_logout_redirect_uris: ColumnType<string[], string[] | undefined, string[]>;
  scopes: ColumnType<string[], string[] | undefined, string[]>;
  backchannel_logout_uri: string | null;
  created_at: Generated<Date>;
  modified_at: Generated<Date>;
}

export interface OidcHandoffsTable {
  code_hash: string;
  interaction_uid: string;
  session_id: string;
  expires_at: Timestamp;
  used_at: TimestampNullable;
}

export interface OidcSessionLinksTable {
  session_uid: string;
  session_id: string;
  created_at: Generated<Date>;
}

export interface UserFactorsTable {
  id: Generated<string>;
  user_id: string;
  kind: 'totp' | 'passkey';
  name: string;
  secret: string | null;
  credential_id: string | null;
  public_key: Buffer | null;
  sign_count: ColumnType<string, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  confirmed_at: Date | null;
  created_at: Generated<Date>;
  last_used_at: Date | null;
}

export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export interface TotpUsedStepsTable {
  factor_id: string;
  step: ColumnType<string, number, number>;
  used_at: Generated<Date>;
}

export interface SignInChallengesTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  application_id: number;
  subject: string;
  /** JSON (jsonb): what the session will be made of. */
  start: ColumnType<unknown, string, string>;
  enrolling_factor_id: string | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Generated<Date>;
}

export interface PasskeyChallengesTable {
  challenge_hash: string;
  purpose: 'register' | 'step' | 'sign_in';
  user_id: string | null;
  application_id: number | null;
  sign_in_challenge_id: string | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Generated<Date>;
}

export interface DB {
  user_types: UserTypesTable;
  countries: CountriesTable;
  document_types: DocumentTypesTable;
  applications: ApplicationsTable;
  application_tenants: ApplicationTenantsTable;
  customers: CustomersTable;
  users: UsersTable;
  user_totals: UserTotalsTable;
  user_list_days: UserListDaysTable;
  user_customers: UserCustomersTable;
  privileges: PrivilegesTable;
  application_privileges: ApplicationPrivilegesTable;
  roles: RolesTable;
  role_applications: RoleApplicationsTable;
  role_privileges: RolePrivilegesTable;
  user_roles: UserRolesTable;
  signing_keys: SigningKeysTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  sign_in_lockouts: SignInLockoutsTable;
  recognised_devices: RecognisedDevicesTable;
  auth_codes: AuthCodesTable;
  application_parameters: ApplicationParametersTable;
  maintenance_windows: MaintenanceWindowsTable;
  settings: SettingsTable;
  schema_migrations: SchemaMigrationsTable;
  password_tokens: PasswordTokensTable;
  password_history: PasswordHistoryTable;
  certificate_reset_codes: CertificateResetCodesTable;
  external_identities: ExternalIdentitiesTable;
  oidc_requests: OidcRequestsTable;
  mailbox: MailboxTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  stored_images: StoredImagesTable;
  notification_templates: NotificationTemplatesTable;
  notification_template_variables: NotificationTemplateVariablesTable;
  notification_subjects: NotificationSubjectsTable;
  notification_template_applications: NotificationTemplateApplicationsTable;
  notifications: NotificationsTable;
  notification_applications: NotificationApplicationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  menus: MenusTable;
  captcha_solutions: CaptchaSolutionsTable;
  rate_windows: RateWindowsTable;
  otp_reset_requests: OtpResetRequestsTable;
  oidc_payloads: OidcPayloadsTable;
  oidc_clients: OidcClientsTable;
  oidc_handoffs: OidcHandoffsTable;
  oidc_session_links: OidcSessionLinksTable;
  user_factors: UserFactorsTable;
  recovery_codes: RecoveryCodesTable;
  totp_used_steps: TotpUsedStepsTable;
  sign_in_challenges: SignInChallengesTable;
  passkey_challenges: PasskeyChallengesTable;
}
