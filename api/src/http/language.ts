import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localize, resolveLanguage, type Language } from '@suite/shared/phrases';
import { first } from './headers';

/** The caller's language: the `tenantLanguage` header the portal sends, else `Accept-Language`, else Spanish. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  return resolveLanguage({
    tenantLanguage: first(request.headers.tenantlanguage),
    acceptLanguage: first(request.headers['accept-language']),
  });
}

/**
 * An envelope whose `result.information` and `statusDetails` descriptions are in `language` (a copy; the payload itself may be a
 * shared constant). `informationCode` and every other field stay as they are.
 */
export function localizeEnvelope<T>(payload: T, language: Language): T {
  if (language === 'es' || payload === null || typeof payload !== 'object') return payload;
  const { result, statusDetails } = payload as { result?: unknown; statusDetails?: unknown };
  const information = isRecord(result) ? result.information : undefined;
  if (typeof information !== 'string' && !Array.isArray(statusDetails)) return payload;
  const localized: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
  if (typeof information === 'string') localized.result = { ...(result as object), information: localize(information, language) };
  if (Array.isArray(statusDetails)) {
    localized.statusDetails = statusDetails.map((detail: unknown) =>
      isRecord(detail) && typeof detail.description === 'string'
        ? { ...detail, description: localize(detail.description, language) }
        : detail,
    );
  }
  return localized as T;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Services and errors speak the catalogue's Spanish; the reply is rendered in the caller's
 * language as it is serialized, in one place, so no route has to think about it.
 */
export function installReplyLanguage(app: FastifyInstance): void {
  // a callback hook: every reply passes it, and a promise per hook is measurable CPU
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const language = requestLanguage(request);
    reply.header('content-language', language);
    done(null, localizeEnvelope(payload, language));
  });
}
