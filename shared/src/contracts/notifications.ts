import * as v from 'valibot';
import { es } from '../phrases/es';
import { ACCESS_MESSAGES } from './access';
import { resultSchema } from './envelope';
import { VALIDATION_MESSAGES, formatMessage, maxMessage } from './validation';

/**
 * Scheduled e-mail notifications (docs/product/notifications.md). The same schemas and rules serve
 * the editor (mfe-notifications) and the API: the request schemas check the shape,
 * `notificationIssues` the rules that need the chosen template and today's date.
 */

export const NOTIFICATION_MESSAGES = es.notifications;

/** Motive max 200, template id max 50, text variable default max 50 (docs/product/notifications.md, Limits). */
export const NOTIFICATION_REASON_MAX = 200;
export const TEMPLATE_ID_MAX = 50;
export const TEXT_VARIABLE_MAX_DEFAULT = 50;
/** Hour 0-23, minutes 0-59 (docs/product/notifications.md, The form). */
export const HOUR_MAX = 23;
export const MINUTES_MAX = 59;
/** A notification is sent at 23:59 of its date, in its time zone (docs/product/notifications.md, Sending). */
export const NOTIFICATION_SEND_TIME = { hour: 23, minute: 59 } as const;
/** Colombia's zone: the time zone of a notification when its applications name none. */
export const DEFAULT_TIME_ZONE = 'America/Bogota';

/** 0 PENDIENTE (editable, deletable), 1 EJECUTADA (read-only) (docs/product/notifications.md, Fields and states). */
export const NOTIFICATION_STATE = { pending: 0, executed: 1 } as const;
export const NOTIFICATION_STATE_NAMES: Record<number, string> = { 0: 'PENDIENTE', 1: 'EJECUTADA' };

// ------------------------------------------------------------------ dates and time zones

/** Whether `zone` is an IANA time zone this runtime knows ('America/Bogota'). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone this runtime knows: an application's (its notifications are sent in it) or a notification's. */
export const TimeZoneSchema = v.pipe(
  v.string(NOTIFICATION_MESSAGES.timeZoneInvalid),
  v.trim(),
  v.maxLength(64, NOTIFICATION_MESSAGES.timeZoneInvalid),
  v.check(isTimeZone, NOTIFICATION_MESSAGES.timeZoneInvalid),
);

/** 'YYYY-MM-DD' of a real calendar day. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && y <= 9999 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** One formatter per zone: building one costs far more than using it. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of `instant` in `zone`. */
function wallClock(instant: Date, zone: string) {
  let format = wallClockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(zone, format);
  }
  const parts = format.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** How far `zone`'s clock is ahead of UTC at `instant`, in milliseconds (Bogotá: -5 h). */
function zoneOffsetMs(instant: Date, zone: string): number {
  const w = wallClock(instant, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - (instant.getTime() - instant.getUTCMilliseconds());
}

/** 'YYYY-MM-DD' of `instant` as the calendar of `zone` reads it. */
export function dateIn(zone: string, instant: Date): string {
  const w = wallClock(instant, zone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The day after `date` ('YYYY-MM-DD'). */
export function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The instant at which the wall clock of `zone` reads `date` `hour`:`minute` (the later one when
 * a clock change repeats it; the first valid minute after a skipped one). 23:59 of 2026-03-10 in
 * Bogotá is 2026-03-11T04:59:00Z.
 */
export function zonedInstant(date: string, hour: number, minute: number, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  // two passes settle the offset across a clock change
  let guess = wall - zoneOffsetMs(new Date(wall), zone);
  guess = wall - zoneOffsetMs(new Date(guess), zone);
  return new Date(guess);
}

/** A notification's zone when none is asked for: the one its applications share, else Colombia's. */
export function notificationTimeZone(applicationZones: readonly string[]): string {
  const zones = new Set(applicationZones);
  return zones.size === 1 ? [...zones][0] : DEFAULT_TIME_ZONE;
}

/** When a notification of `date` in `zone` is sent: 23:59 of that day there (docs/product/notifications.md, Sending). */
export function notificationSendAt(date: string, zone: string): Date {
  return zonedInstant(date, NOTIFICATION_SEND_TIME.hour, NOTIFICATION_SEND_TIME.minute, zone);
}

// ------------------------------------------------------------------ templates

/** One part of a time variable: the hour or the minutes field (docs/product/notifications.md, Fields and states). */
export interface TimePart {
  id: string;
  name: string;
  maxLength: number;
}

/**
 * A template's variable, by type (docs/product/notifications.md, Fields and states). `name` is its
 * placeholder in the template: {{name}}.
 */
export type TemplateVariable =
  | { type: 'text'; name: string; label: string; multiline: boolean; rows: number; maxLength: number }
  | { type: 'date'; name: string; label: string }
  | { type: 'time'; name: string; label: string; hour: TimePart; minutes: TimePart; complement: string | null }
  | { type: 'check'; name: string; label: string };

export const TEMPLATE_VARIABLE_TYPES = ['text', 'date', 'time', 'check'] as const;

const TimePartSchema = v.object({ id: v.string(), name: v.string(), maxLength: v.number() });
export const TemplateVariableSchema = resultSchema<TemplateVariable>()(
  v.variant('type', [
    v.object({
      type: v.literal('text'),
      name: v.string(),
      label: v.string(),
      multiline: v.boolean(),
      rows: v.number(),
      maxLength: v.number(),
    }),
    v.object({ type: v.literal('date'), name: v.string(), label: v.string() }),
    v.object({
      type: v.literal('time'),
      name: v.string(),
      label: v.string(),
      hour: TimePartSchema,
      minutes: TimePartSchema,
      complement: v.nullable(v.string()),
    }),
    v.object({ type: v.literal('check'), name: v.string(), label: v.string() }),
  ]),
);

/** A template as the editor offers it: id, title, urlImage, variables (docs/product/notifications.md, Fields and states). */
export interface NotificationTemplate {
  id: string;
  title: string;
  urlImage: string;
  variables: TemplateVariable[];
}
export const NotificationTemplateSchema = resultSchema<NotificationTemplate>()(
  v.object({ id: v.string(), title: v.string(), urlImage: v.string(), variables: v.array(TemplateVariableSchema) }),
);

/** GET /api/ApplicationsTemplates/TemplatesByApps result: the templates available for every application of `apps`. */
export interface TemplatesByAppsResult {
  records: NotificationTemplate[];
  count: number;
}
export const TemplatesByAppsResultSchema = resultSchema<TemplatesByAppsResult>()(
  v.object({ records: v.array(NotificationTemplateSchema), count: v.number() }),
);

/** A subject a template may use (docs/product/notifications.md, Fields and states). */
export interface NotificationSubject {
  id: number;
  name: string;
}
export interface SubjectsResult {
  records: NotificationSubject[];
  count: number;
}
export const SubjectsResultSchema = resultSchema<SubjectsResult>()(
  v.object({ records: v.array(v.object({ id: v.number(), name: v.string() })), count: v.number() }),
);

const id32 = v.pipe(
  v.number(VALIDATION_MESSAGES.required),
  v.integer(es.request.invalidId),
  v.minValue(1, es.request.invalidId),
  v.maxValue(2_147_483_647, es.request.invalidId),
);
/** A body's `id`: absent reads as 0, refused as not valid. */
const bodyId = v.pipe(
  v.optional(v.number(VALIDATION_MESSAGES.required), 0),
  v.integer(es.request.invalidId),
  v.minValue(1, es.request.invalidId),
  v.maxValue(2_147_483_647, es.request.invalidId),
);

/** `apps` header: comma-separated application ids ('3,5'). */
export const TemplatesByAppsHeadersSchema = v.object({
  apps: v.pipe(
    v.string(VALIDATION_MESSAGES.required),
    v.trim(),
    v.nonEmpty(ACCESS_MESSAGES.applicationRequired),
    v.maxLength(2000, maxMessage(2000)),
    v.regex(/^\d{1,10}(\s*,\s*\d{1,10})*$/, es.request.invalidId),
    v.transform((text) => [...new Set(text.split(',').map((s) => Number(s.trim())))]),
    v.array(id32),
  ),
});
/** `idTemplate` header. */
export const SubjectsByTemplateHeadersSchema = v.object({
  idTemplate: v.pipe(
    v.string(VALIDATION_MESSAGES.required),
    v.trim(),
    v.nonEmpty(VALIDATION_MESSAGES.required),
    v.maxLength(TEMPLATE_ID_MAX, maxMessage(TEMPLATE_ID_MAX)),
  ),
});

// ------------------------------------------------------------------ a notification's variables

/** The time variable's value: hour, minutes and the complement checkbox. */
export interface TimeValue {
  hour: number;
  minutes: number;
  complement: boolean;
}
/** One variable's value: text and date as text ('YYYY-MM-DD'), time as TimeValue, check as a boolean. */
export interface VariableValue {
  name: string;
  value: string | boolean | TimeValue;
}

const VariableValueSchema = v.object({
  name: v.pipe(v.string(), v.maxLength(100, maxMessage(100))),
  value: v.union(
    [
      v.pipe(v.string(), v.maxLength(5000, maxMessage(5000))),
      v.boolean(),
      v.object({
        hour: v.number(NOTIFICATION_MESSAGES.hourRange),
        minutes: v.number(NOTIFICATION_MESSAGES.minutesRange),
        complement: v.optional(v.boolean(), false),
      }),
    ],
    NOTIFICATION_MESSAGES.variablesInvalid,
  ),
});
const VariableListSchema = v.pipe(
  v.array(VariableValueSchema, NOTIFICATION_MESSAGES.variablesInvalid),
  v.maxLength(100, NOTIFICATION_MESSAGES.variablesInvalid),
);

/** The variables as the calls carry them: a serialised list (docs/product/notifications.md, Fields and states). */
export function serializeVariables(values: VariableValue[]): string {
  return JSON.stringify(values);
}

/** `variables` of a request: the serialised list, parsed. */
const VariablesFieldSchema = v.pipe(
  v.optional(v.string(NOTIFICATION_MESSAGES.variablesInvalid), '[]'),
  v.maxLength(100_000, NOTIFICATION_MESSAGES.variablesInvalid),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return JSON.parse(dataset.value) as unknown;
    } catch {
      addIssue({ message: NOTIFICATION_MESSAGES.variablesInvalid });
      return NEVER;
    }
  }),
  VariableListSchema,
);

// ------------------------------------------------------------------ create, modify, delete

const notificationFields = {
  reason: v.pipe(
    v.optional(v.string(VALIDATION_MESSAGES.required), ''),
    v.trim(),
    v.nonEmpty(VALIDATION_MESSAGES.required),
    v.maxLength(NOTIFICATION_REASON_MAX, maxMessage(NOTIFICATION_REASON_MAX)),
  ),
  templateId: v.pipe(
    v.optional(v.string(VALIDATION_MESSAGES.required), ''),
    v.trim(),
    v.nonEmpty(VALIDATION_MESSAGES.required),
    v.maxLength(TEMPLATE_ID_MAX, maxMessage(TEMPLATE_ID_MAX)),
  ),
  subjectId: v.pipe(
    v.optional(v.number(VALIDATION_MESSAGES.required), 0),
    v.integer(VALIDATION_MESSAGES.required),
    v.minValue(1, VALIDATION_MESSAGES.required),
    v.maxValue(2_147_483_647, es.request.invalidId),
  ),
  applicationIds: v.pipe(
    v.optional(v.array(id32, ACCESS_MESSAGES.applicationRequired), []),
    v.minLength(1, ACCESS_MESSAGES.applicationRequired),
    v.maxLength(500, ACCESS_MESSAGES.applicationRepeated),
    v.check((ids) => new Set(ids).size === ids.length, ACCESS_MESSAGES.applicationRepeated),
  ),
  variables: VariablesFieldSchema,
  executionDate: v.pipe(
    v.optional(v.string(VALIDATION_MESSAGES.required), ''),
    v.trim(),
    v.nonEmpty(VALIDATION_MESSAGES.required),
    v.check(isCalendarDate, NOTIFICATION_MESSAGES.dateInvalid),
  ),
  /** IANA zone; absent: the zone of the chosen applications (Colombia's when they name none or differ). */
  timeZone: v.optional(TimeZoneSchema),
};

/** POST /api/Notifications/Create body (docs/product/notifications.md, Calls; `id` is ignored when sent). */
export const CreateNotificationRequestSchema = v.object(notificationFields);
/** POST /api/Notifications/Modify body. */
export const ModifyNotificationRequestSchema = v.object({ id: bodyId, ...notificationFields });
/** POST /api/Notifications/Delete body. */
export const DeleteNotificationRequestSchema = v.object({ id: bodyId });

export type CreateNotificationRequest = v.InferOutput<typeof CreateNotificationRequestSchema>;
export type ModifyNotificationRequest = v.InferOutput<typeof ModifyNotificationRequestSchema>;

/** A rule broken: where (`executionDate`, `variables.fecha`) and the message. */
export interface NotificationIssue {
  path: string;
  message: string;
}

/** How far ahead a send may be scheduled: a date beyond it is a typing slip, and far years are beyond what time zones and storage handle alike. */
export const SEND_YEARS_AHEAD = 5;

/** The last day a notification may be sent, from today (`YYYY-MM-DD`; 29 February becomes 28 February). */
export function latestSendDate(today: string): string {
  const [year, month, day] = today.split('-');
  const last = `${Number(year) + SEND_YEARS_AHEAD}-${month}-${day}`;
  return isCalendarDate(last) ? last : `${Number(year) + SEND_YEARS_AHEAD}-${month}-28`;
}

/**
 * The rules (docs/product/notifications.md, The form) that need the chosen template and today's
 * date in the notification's zone: every variable of the template present and valid by its type
 * (text required and within its maxLength, date a real day from tomorrow, hour 0-23, minutes 0-59,
 * check a yes or no), no variable the template lacks, and the send date from today, at most
 * SEND_YEARS_AHEAD years ahead. Empty when all hold.
 */
export function notificationIssues(
  input: { executionDate: string; variables: VariableValue[] },
  definitions: TemplateVariable[],
  today: string,
): NotificationIssue[] {
  const issues: NotificationIssue[] = [];
  if (!isCalendarDate(input.executionDate)) issues.push({ path: 'executionDate', message: NOTIFICATION_MESSAGES.dateInvalid });
  else if (input.executionDate < today) issues.push({ path: 'executionDate', message: NOTIFICATION_MESSAGES.sendDateFromToday });
  else if (input.executionDate > latestSendDate(today))
    issues.push({ path: 'executionDate', message: formatMessage(NOTIFICATION_MESSAGES.sendDateTooFar, { years: SEND_YEARS_AHEAD }) });
  const byName = new Map<string, VariableValue>();
  for (const value of input.variables) {
    if (byName.has(value.name))
      issues.push({
        path: `variables.${value.name}`,
        message: formatMessage(NOTIFICATION_MESSAGES.variableRepeated, { name: value.name }),
      });
    byName.set(value.name, value);
    if (!definitions.some((d) => d.name === value.name))
      issues.push({ path: `variables.${value.name}`, message: formatMessage(NOTIFICATION_MESSAGES.variableUnknown, { name: value.name }) });
  }
  const tomorrow = nextDate(today);
  for (const definition of definitions) {
    const path = `variables.${definition.name}`;
    const value = byName.get(definition.name)?.value;
    const issue = variableIssue(definition, value, tomorrow);
    if (issue) issues.push({ path, message: issue });
  }
  return issues;
}

function variableIssue(definition: TemplateVariable, value: VariableValue['value'] | undefined, tomorrow: string): string | undefined {
  switch (definition.type) {
    case 'text': {
      if (typeof value !== 'string' || value.trim() === '') return VALIDATION_MESSAGES.required;
      return [...value].length > definition.maxLength ? maxMessage(definition.maxLength) : undefined;
    }
    case 'date': {
      if (typeof value !== 'string' || value.trim() === '') return VALIDATION_MESSAGES.required;
      if (!isCalendarDate(value)) return NOTIFICATION_MESSAGES.dateInvalid;
      return value < tomorrow ? NOTIFICATION_MESSAGES.dateFromTomorrow : undefined;
    }
    case 'time': {
      if (typeof value !== 'object' || value === null) return VALIDATION_MESSAGES.required;
      if (!Number.isInteger(value.hour) || value.hour < 0 || value.hour > HOUR_MAX) return NOTIFICATION_MESSAGES.hourRange;
      if (!Number.isInteger(value.minutes) || value.minutes < 0 || value.minutes > MINUTES_MAX) return NOTIFICATION_MESSAGES.minutesRange;
      return value.complement && definition.complement === null ? NOTIFICATION_MESSAGES.variablesInvalid : undefined;
    }
    case 'check':
      return value === undefined || typeof value === 'boolean' ? undefined : NOTIFICATION_MESSAGES.variablesInvalid;
  }
}

// ------------------------------------------------------------------ the list

/** A row of GET /api/Notifications/List, delivery counts included (docs/product/notifications.md, Fields and states). */
export interface NotificationRecord {
  id: number;
  reason: string;
  subjectId: number;
  subjectName: string;
  templateId: string;
  templateTitle: string;
  applicationIds: number[];
  /** Titles of the notification's applications. */
  sharedApps: string[];
  /** The serialised list of variable values. */
  variables: string;
  executionDate: string;
  timeZone: string;
  /** When it is (or was) sent: 23:59 of executionDate in timeZone, ISO-8601 UTC. */
  sendAt: string;
  idstate: number;
  stateName: string;
  /** ISO-8601. */
  createdon: string;
  recipients: number;
  sent: number;
  failed: number;
}
export const NotificationRecordSchema = resultSchema<NotificationRecord>()(
  v.object({
    id: v.number(),
    reason: v.string(),
    subjectId: v.number(),
    subjectName: v.string(),
    templateId: v.string(),
    templateTitle: v.string(),
    applicationIds: v.array(v.number()),
    sharedApps: v.array(v.string()),
    variables: v.string(),
    executionDate: v.string(),
    timeZone: v.string(),
    sendAt: v.string(),
    idstate: v.number(),
    stateName: v.string(),
    createdon: v.string(),
    recipients: v.number(),
    sent: v.number(),
    failed: v.number(),
  }),
);
export interface NotificationListResult {
  records: NotificationRecord[];
  count: number;
}
export const NotificationListResultSchema = resultSchema<NotificationListResult>()(
  v.object({ records: v.array(NotificationRecordSchema), count: v.number() }),
);

/** The reply of a create, modify or delete: the message and the notification's id. */
export interface NotificationWriteResult {
  information: string;
  informationCode: string;
  id: number;
}
export const NotificationWriteResultSchema = resultSchema<NotificationWriteResult>()(
  v.object({ information: v.string(), informationCode: v.string(), id: v.number() }),
);

// ------------------------------------------------------------------ preview, test send, dry run, deliveries

/** POST /api/Notifications/Preview and /SendTest body: the editor's notification as it would be saved. */
export const NotificationPreviewRequestSchema = CreateNotificationRequestSchema;

/** The e-mail a notification sends, rendered for the caller (show the HTML in a sandboxed frame). */
export interface NotificationPreviewResult {
  subject: string;
  html: string;
  text: string;
  timeZone: string;
  /** ISO-8601 UTC. */
  sendAt: string;
  /** The send time on the notification's zone, as the e-mail prints it. */
  sendAtLocal: string;
}
export const NotificationPreviewResultSchema = resultSchema<NotificationPreviewResult>()(
  v.object({ subject: v.string(), html: v.string(), text: v.string(), timeZone: v.string(), sendAt: v.string(), sendAtLocal: v.string() }),
);

/** POST /api/Notifications/DryRun body: the applications whose recipients are counted. */
export const NotificationDryRunRequestSchema = v.object({ applicationIds: notificationFields.applicationIds });

/** How many recipients the applications have now, and the first ones by address. */
export interface NotificationDryRunResult {
  count: number;
  sample: { email: string; names: string }[];
}
export const NotificationDryRunResultSchema = resultSchema<NotificationDryRunResult>()(
  v.object({ count: v.number(), sample: v.array(v.object({ email: v.string(), names: v.string() })) }),
);

/** GET /api/Notifications/Deliveries header `id`. */
export const NotificationDeliveriesHeadersSchema = v.object({
  id: v.pipe(v.string(VALIDATION_MESSAGES.required), v.trim(), v.regex(/^\d{1,10}$/, es.request.invalidId), v.transform(Number), id32),
});

/** One recipient's delivery: pending, sending, sent or failed. */
export interface NotificationDelivery {
  email: string;
  names: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  /** ISO-8601, once sent. */
  sentAt: string | null;
  /** ISO-8601: when a pending delivery is tried (again). */
  nextAttemptAt: string;
  lastError: string | null;
}
export interface NotificationDeliveriesResult {
  records: NotificationDelivery[];
  count: number;
}
export const NotificationDeliveriesResultSchema = resultSchema<NotificationDeliveriesResult>()(
  v.object({
    records: v.array(
      v.object({
        email: v.string(),
        names: v.string(),
        status: v.picklist(['pending', 'sending', 'sent', 'failed']),
        attempts: v.number(),
        sentAt: v.nullable(v.string()),
        nextAttemptAt: v.string(),
        lastError: v.nullable(v.string()),
      }),
    ),
    count: v.number(),
  }),
);

/** The reply of a test send: the message naming the address. */
export interface NotificationTestResult {
  information: string;
  informationCode: string;
  email: string;
}
export const NotificationTestResultSchema = resultSchema<NotificationTestResult>()(
  v.object({ information: v.string(), informationCode: v.string(), email: v.string() }),
);
