import type { FastifyReply, FastifyRequest } from 'fastify';

/** A header's first value. */
export function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A header's first value, undefined when absent or blank (so an empty header reads as none). */
export function firstFilled(value: string | string[] | undefined): string | undefined {
  const text = first(value);
  return text === undefined || text.trim() === '' ? undefined : text;
}

/**
 * A header value as the client meant it: percent-encoded text is decoded, and raw UTF-8 bytes
 * (which Node reads as latin1) are re-decoded.
 */
export function decodeHeaderText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let text = value;
  if (/%[0-9a-f]{2}/i.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // not percent-encoding after all
    }
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0080-\u00ff]/.test(text) && !/[^\u0000-\u00ff]/.test(text)) {
    const utf8 = Buffer.from(text, 'latin1').toString('utf8');
    if (!utf8.includes('\ufffd')) text = utf8;
  }
  return text;
}

/** The named request headers (case-insensitive), first values, trimmed; absent ones left out. */
export function pickHeaders<K extends string>(request: FastifyRequest, names: readonly K[]): Partial<Record<K, string>> {
  const picked: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = first(request.headers[name.toLowerCase()]);
    if (value !== undefined) picked[name] = value.trim();
  }
  return picked;
}

/**
 * Adds request headers to the reply's `Vary`, keeping those already there (CORS's `Origin` among
 * them): a reply's Vary is every header it depends on, whoever set which part.
 */
export function varyOn(reply: FastifyReply, ...fields: string[]): void {
  const vary = reply.getHeader('vary');
  const text = vary === undefined ? '' : Array.isArray(vary) ? vary.join(', ') : String(vary);
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*')) return;
  const lower = new Set(names.map((name) => name.toLowerCase()));
  const added = fields.filter((field) => !lower.has(field.toLowerCase()));
  if (added.length) reply.header('vary', [...names, ...added].join(', '));
}
