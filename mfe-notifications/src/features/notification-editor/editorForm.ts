import * as v from 'valibot';
import type { NotificationBody } from '../../api/notifications';
import {
  CreateNotificationRequestSchema,
  DEFAULT_TIME_ZONE,
  HOUR_MAX,
  MINUTES_MAX,
  VALIDATION_MESSAGES,
  dateIn,
  nextDate,
  notificationIssues,
  notificationTimeZone,
  serializeVariables,
  type ApplicationOption,
  type NotificationRecord,
  type NotificationTemplate,
  type TemplateVariable,
  type TimeValue,
  type VariableValue,
} from '@suite/shared/console';

/**
 * The notification editor's form (docs/product/notifications.md): what it holds,
 * the body it sends, and its errors, which are the contract's (`CreateNotificationRequestSchema`
 * and `notificationIssues`, the rules the API runs). Hour and minutes are held as the digits typed.
 */

/** A time variable as typed: hour and minutes as text, and the complement checkbox. */
export interface TimeDraft {
  hour: string;
  minutes: string;
  complement: boolean;
}
/** A variable's value as typed: text and date as text, time as TimeDraft, check as a boolean. */
export type VariableDraft = string | boolean | TimeDraft;

export interface EditorForm {
  reason: string;
  applicationIds: number[];
  templateId: string;
  subjectId: number;
  /** By variable name. */
  values: Record<string, VariableDraft>;
  executionDate: string;
}

export const EMPTY_FORM: EditorForm = { reason: '', applicationIds: [], templateId: '', subjectId: 0, values: {}, executionDate: '' };

/** Where an error is shown: a field, or `variables.<name>`. */
export type ErrorPath = 'reason' | 'applicationIds' | 'templateId' | 'subjectId' | 'executionDate' | `variables.${string}`;
export type EditorErrors = Partial<Record<ErrorPath, string>>;

const isTime = (value: unknown): value is TimeDraft => typeof value === 'object' && value !== null && 'hour' in value;

/** A variable's starting value by its type. */
export function emptyValue(variable: TemplateVariable): VariableDraft {
  switch (variable.type) {
    case 'time':
      return { hour: '', minutes: '', complement: false };
    case 'check':
      return false;
    default:
      return '';
  }
}

/** The template's variables with their values kept where the name and type still match, the rest empty. */
export function valuesFor(
  template: NotificationTemplate | undefined,
  current: Record<string, VariableDraft>,
): Record<string, VariableDraft> {
  if (!template) return {};
  return Object.fromEntries(
    template.variables.map((variable) => {
      const value = current[variable.name];
      const fits = value !== undefined && typeof value === typeof emptyValue(variable) && isTime(value) === (variable.type === 'time');
      return [variable.name, fits ? value : emptyValue(variable)];
    }),
  );
}

/** The stored notification as the form holds it. */
export function recordToForm(record: NotificationRecord): EditorForm {
  let stored: VariableValue[] = [];
  try {
    stored = JSON.parse(record.variables) as VariableValue[];
  } catch {
    // an unreadable list shows empty variables
  }
  const values: Record<string, VariableDraft> = {};
  for (const { name, value } of Array.isArray(stored) ? stored : []) {
    values[name] =
      typeof value === 'object' && value !== null
        ? { hour: String(value.hour), minutes: String(value.minutes), complement: Boolean(value.complement) }
        : value;
  }
  return {
    reason: record.reason,
    applicationIds: [...record.applicationIds].sort((a, b) => a - b),
    templateId: record.templateId,
    subjectId: record.subjectId,
    values,
    executionDate: record.executionDate,
  };
}

/** Digits only, at most two, never above `max` (hour 0-23, minutes 0-59). */
export function typedClock(text: string, max: number): string {
  const digits = text.replace(/\D/g, '').slice(0, 2);
  // kept as typed ('05'), only a value past the limit becomes the limit
  return digits !== '' && Number(digits) > max ? String(max) : digits;
}
export const typedHour = (text: string) => typedClock(text, HOUR_MAX);
export const typedMinutes = (text: string) => typedClock(text, MINUTES_MAX);

const toClock = (text: string) => (/^\d{1,2}$/.test(text) ? Number(text) : Number.NaN);

/** The variables in the template's order, as the request carries them. */
export function variableValues(form: EditorForm, template: NotificationTemplate | undefined): VariableValue[] {
  if (!template) return [];
  return template.variables.map((variable) => {
    const value = form.values[variable.name] ?? emptyValue(variable);
    if (isTime(value)) {
      const time: TimeValue = {
        hour: toClock(value.hour),
        minutes: toClock(value.minutes),
        complement: variable.type === 'time' && variable.complement !== null && value.complement,
      };
      return { name: variable.name, value: time };
    }
    return { name: variable.name, value };
  });
}

/** The request's body from the form (text trimmed by the contract). */
export function formToBody(form: EditorForm, template: NotificationTemplate | undefined): NotificationBody {
  return {
    reason: form.reason,
    applicationIds: form.applicationIds,
    templateId: form.templateId,
    subjectId: form.subjectId,
    variables: serializeVariables(variableValues(form, template)),
    executionDate: form.executionDate,
  };
}

/** The zone the notification is sent in: the one its applications share, else Colombia's (as the API decides). */
export function editorTimeZone(applicationIds: readonly number[], applications: readonly ApplicationOption[]): string {
  const chosen = applications.filter((application) => applicationIds.includes(application.id));
  return notificationTimeZone(chosen.map((application) => application.timeZone ?? DEFAULT_TIME_ZONE));
}

/** The first days the date fields take: the send date from today, a date variable from tomorrow, in the zone. */
export function minimumDates(timeZone: string, now: Date): { sendDate: string; dateVariable: string } {
  const today = dateIn(timeZone, now);
  return { sendDate: today, dateVariable: nextDate(today) };
}

/**
 * The form's errors by the contract (first message per place): the request's shape, then the
 * rules that need the template and today's date in the notification's zone. A time whose hour or
 * minutes are empty is required.
 */
export function editorErrors(form: EditorForm, template: NotificationTemplate | undefined, today: string): EditorErrors {
  const errors: EditorErrors = {};
  const body = formToBody(form, template);
  const shape = v.safeParse(CreateNotificationRequestSchema, body, { abortPipeEarly: true });
  for (const issue of shape.issues ?? []) {
    const key = issue.path?.[0]?.key as ErrorPath | undefined;
    if (key && key !== ('variables' as ErrorPath) && !errors[key]) errors[key] = issue.message;
  }
  if (!template) return errors;
  const values = variableValues(form, template);
  for (const issue of notificationIssues({ executionDate: body.executionDate.trim(), variables: values }, template.variables, today)) {
    const path = issue.path as ErrorPath;
    // the send date's shape was told above already
    if (!errors[path]) errors[path] = issue.message;
  }
  // an hour or minutes left empty is missing, not out of range (both are required)
  for (const variable of template.variables) {
    const value = form.values[variable.name];
    if (variable.type === 'time' && isTime(value) && (value.hour === '' || value.minutes === ''))
      errors[`variables.${variable.name}`] = VALIDATION_MESSAGES.required;
  }
  return errors;
}

/** Whether two forms hold the same notification (text compared trimmed). */
export function sameForm(a: EditorForm, b: EditorForm): boolean {
  const normal = (form: EditorForm) =>
    JSON.stringify({ ...form, reason: form.reason.trim(), applicationIds: [...form.applicationIds].sort((x, y) => x - y) });
  return normal(a) === normal(b);
}

/** Applications chosen after a checkbox changes, in id order. */
export function toggledApplications(current: readonly number[], id: number, checked: boolean): number[] {
  const next = checked ? [...new Set([...current, id])] : current.filter((other) => other !== id);
  return next.sort((a, b) => a - b);
}

/** Whether the chosen template is still offered for the applications (otherwise a warning, then it is cleared). */
export const templateOffered = (templateId: string, templates: readonly NotificationTemplate[]) =>
  templateId === '' || templates.some((t) => t.id === templateId);

/** The form with no template and no subject (and so no variables). */
export const withoutTemplate = (form: EditorForm): EditorForm => ({ ...form, templateId: '', subjectId: 0, values: {} });
