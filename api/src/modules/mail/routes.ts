import type { FastifyInstance } from 'fastify';
import { INFORMATION_CODES, MESSAGES } from '@suite/shared/contracts';
import { ApiError } from '../../http/errors';
import { isLoopback } from '../../http/server';
import { MAILBOX_CSP } from '../../http/security-headers';
import { extractLinks } from './mailer';
import { findMail, listMail, type MailRow } from './queries';
import { escapeHtml } from './templates';

function asJson(row: MailRow) {
  return {
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    links: extractLinks(row.html_body),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The development mailbox (registered only outside production and without SMTP_URL):
 * GET /dev/mail (HTML list, newest first), /dev/mail/:id, /dev/mail.json, /dev/mail/:id.json.
 * Served to loopback clients only, whatever address the server listens on.
 */
export default async function mailRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  // It holds live activation and reset links: anyone else gets the same 404 as an unknown path.
  // The socket's address decides, never X-Forwarded-For, which any client can write.
  app.addHook('onRequest', async (request) => {
    if (!isLoopback(request.raw.socket?.remoteAddress)) throw new ApiError(404, MESSAGES.notFound, INFORMATION_CODES.notFound);
  });
  // what this instance queued is sent before the list is read: a mail asked for a moment ago is
  // there (in production the outbox sends it as soon; here a reader need not wait and retry)
  const list = async () => {
    await app.ctx.outbox.settled();
    await app.ctx.outbox.drain();
    return listMail(db);
  };
  const one = async (raw: string): Promise<MailRow> => {
    if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, MESSAGES.notFound, INFORMATION_CODES.notFound);
    const row = await findMail(db, raw);
    if (!row) throw new ApiError(404, MESSAGES.notFound, INFORMATION_CODES.notFound);
    return row;
  };

  app.get('/dev/mail.json', async () => (await list()).map(asJson));

  app.get<{ Params: { id: string } }>('/dev/mail/:id', async (request, reply) => {
    const raw = request.params.id;
    if (raw.endsWith('.json')) return asJson(await one(raw.slice(0, -5)));
    const row = await one(raw);
    // the e-mail is shown as it is sent: its inline styles, no script (sandboxed srcdoc frame)
    reply.type('text/html; charset=utf-8').header('content-security-policy', MAILBOX_CSP);
    return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(row.subject)}</title></head><body>
<p><a href="/dev/mail">← Mailbox</a></p>
<dl><dt>To</dt><dd>${escapeHtml(row.to_address)}</dd><dt>Subject</dt><dd>${escapeHtml(row.subject)}</dd><dt>Date</dt><dd>${new Date(row.created_at).toISOString()}</dd></dl>
<iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" style="width:100%;height:60vh;border:1px solid #ccc" srcdoc="${escapeHtml(row.html_body)}"></iframe>
<pre>${escapeHtml(row.text_body)}</pre>
</body></html>`;
  });

  app.get('/dev/mail', async (_request, reply) => {
    const rows = await list();
    reply.type('text/html; charset=utf-8').header('content-security-policy', MAILBOX_CSP);
    const items = rows
      .map(
        (r) =>
          `<tr><td>${new Date(r.created_at).toISOString()}</td><td>${escapeHtml(r.to_address)}</td><td><a href="/dev/mail/${r.id}">${escapeHtml(r.subject)}</a></td></tr>`,
      )
      .join('\n');
    return `<!doctype html><html><head><meta charset="utf-8"><title>Mailbox</title></head><body>
<h1>Mailbox</h1><p>${rows.length} message(s), newest first. <a href="/dev/mail.json">JSON</a></p>
<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>
${items}
</tbody></table></body></html>`;
  });
}
