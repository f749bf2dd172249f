import type { FastifyInstance } from 'fastify';
import { UserListHeadersSchema, type Envelope, type UserListResult, type UserSort } from '@suite/shared/contracts';
import { parseInput } from '../../http/errors';
import { requirePrivilege } from '../../security/auth';
import { listUsers } from './queries';

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
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

/** Users area: GET /api/user/list (USERS_READ). */
export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get('/api/user/list', { preHandler: requirePrivilege('USERS_READ') }, async (request): Promise<Envelope<UserListResult>> => {
    const headers = parseInput(
      UserListHeadersSchema,
      {
        customerSearch: decodeHeaderText(first(request.headers.customersearch)),
        pages: first(request.headers.pages)?.replace(/\s+/g, ''),
        filterBy: first(request.headers.filterby)?.trim(),
      },
      'headers',
    );
    const [page, size] = headers.pages.split(',').map(Number);
    const result = await listUsers(db, {
      search: headers.customerSearch,
      page: Math.max(1, page),
      size,
      sort: Number(headers.filterBy) as UserSort,
    });
    return { statusCode: 200, result };
  });
}
