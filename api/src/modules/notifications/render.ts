import { randomBytes } from 'node:crypto';
import { dateIn, type TemplateVariable, type TimeValue, type VariableValue } from '@suite/shared/contracts';
import { escapeHtml, type RenderedMail } from '../mail/templates';

/** Where a template's image is served (public: mail clients fetch it). */
export const TEMPLATE_IMAGE_PATH = '/api/Notifications/TemplateImage';
export const templateImagePath = (templateId: string) => `${TEMPLATE_IMAGE_PATH}/${encodeURIComponent(templateId)}`;
export const templateImageUrl = (origin: string, templateId: string) => `${origin}${templateImagePath(templateId)}`;

export interface RenderInput {
  template: { title: string; bodyHtml: string; imageUrl: string };
  subject: string;
  definitions: TemplateVariable[];
  values: VariableValue[];
  timeZone: string;
  sendAt: Date;
  recipient: { names: string };
}

/** The placeholder of the recipient's names in a template's body. */
export const RECIPIENT_PLACEHOLDER = 'destinatario';

const dateFormat = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Formatters by zone and kind: building one costs far more than using it (every e-mail of a run uses the same). */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(kind: 'zoneName' | 'clock', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format =
      kind === 'zoneName'
        ? new Intl.DateTimeFormat('es-CO', { timeZone, timeZoneName: 'longGeneric' })
        : new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(key, format);
  }
  return format;
}

/** '2026-12-15' → '15 de diciembre de 2026' (a calendar day: no zone moves it). */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return dateFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

/** 'hora de Colombia': the zone's name as a Spanish reader knows it, at `instant`. */
export function zoneName(timeZone: string, instant: Date): string {
  const part = formatOf('zoneName', timeZone)
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** '15 de diciembre de 2026, 23:59 (hora de Colombia)': an instant on the wall clock of `timeZone`. */
export function formatInstant(instant: Date, timeZone: string): string {
  const time = formatOf('clock', timeZone).format(instant);
  return `${formatDay(dateIn(timeZone, instant))}, ${time} (${zoneName(timeZone, instant)})`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A variable's value as the reader sees it, before escaping. */
function display(definition: TemplateVariable, value: VariableValue['value'] | undefined, timeZone: string, sendAt: Date): string {
  if (value === undefined) return '';
  switch (definition.type) {
    case 'text':
      return typeof value === 'string' ? value : '';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : '';
    case 'time': {
      if (typeof value !== 'object') return '';
      const time = value as TimeValue;
      const clock = `${pad(time.hour)}:${pad(time.minutes)}`;
      return time.complement && definition.complement !== null ? `${clock} (${zoneName(timeZone, sendAt)})` : clock;
    }
    case 'check':
      return value === true ? definition.label : '';
  }
}

/** The HTML of one escaped value: line breaks of a multi-line text become <br>. */
const asHtml = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/** The plain-text part of a rendered HTML body (tags dropped, entities undone). */
function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** What a notification's e-mail is rendered from, the recipient aside. */
export type NotificationMailInput = Omit<RenderInput, 'recipient'>;

/**
 * The e-mail of a notification for one recipient: the template's body with every {{variable}}
 * replaced by its value, escaped (a value holding HTML or another placeholder stays text: the
 * body is scanned once), dates in Spanish and times on the notification's zone; the template's
 * image above and the send time, in the notification's zone and in UTC, below. The one render of
 * the preview, the test send and the scheduled send.
 */
export function renderNotification(input: RenderInput): RenderedMail {
  return prepareNotificationMail(input)(input.recipient);
}

/**
 * renderNotification in two steps, for a notification's many recipients: everything but the
 * recipient's names is rendered once; each call fills in one recipient (escaped the same way).
 */
export function prepareNotificationMail(input: NotificationMailInput): (recipient: { names: string }) => RenderedMail {
  const { template, definitions, timeZone, sendAt } = input;
  // stands for the recipient's names: letters and digits only, so escaping leaves it as it is
  const slot = `RECIPIENT${randomBytes(12).toString('hex')}`;
  const values = new Map(input.values.map((v) => [v.name, v.value]));
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const body = template.bodyHtml.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (_m, name: string) => {
    if (name === RECIPIENT_PLACEHOLDER) return slot;
    const definition = byName.get(name);
    return definition ? asHtml(display(definition, values.get(name), timeZone, sendAt)) : '';
  });
  const sentLine = `Programado para el ${formatInstant(sendAt, timeZone)} · ${sendAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:'Segoe UI',Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td><img src="${escapeHtml(template.imageUrl)}" width="600" height="200" alt="${escapeHtml(template.title)}" style="display:block;width:100%;height:auto;border:0"></td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.55">
${body}
</td></tr>
<tr><td style="padding:16px 32px;font-size:12px;color:#616e7c;border-top:1px solid #e4e7eb">${escapeHtml(sentLine)}</td></tr>
</table></td></tr></table>
</body></html>`;
  const text = `${htmlToText(body)}\n\n--\n${sentLine}\n`;
  return (recipient) => ({
    subject: input.subject,
    html: html.split(slot).join(asHtml(recipient.names)),
    text: text.split(slot).join(recipient.names),
  });
}
