import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A Message-ID of the caller's ('<…@…>'): the same on every attempt of one message. */
  messageId?: string;
}

/** SMTP_URL with connection pooling unless the URL sets `pool` itself: mail to many recipients reuses connections. */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise nodemailer's JSON
 * transport renders the message and it is stored in the `mailbox` table (read at /dev/mail).
 */
export class Mailer {
  private readonly transport: Transporter;
  readonly captures: boolean;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly from: string,
    smtpUrl?: string,
  ) {
    this.captures = !smtpUrl;
    this.transport = smtpUrl ? nodemailer.createTransport(pooledSmtpUrl(smtpUrl)) : nodemailer.createTransport({ jsonTransport: true });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
    });
    if (!this.captures) return;
    const rendered = JSON.parse(String((info as { message?: unknown }).message ?? '{}')) as Partial<OutgoingMail>;
    await this.db
      .insertInto('mailbox')
      .values({
        to_address: mail.to,
        subject: rendered.subject ?? mail.subject,
        text_body: typeof rendered.text === 'string' ? rendered.text : mail.text,
        html_body: typeof rendered.html === 'string' ? rendered.html : mail.html,
      })
      .execute();
  }

  close(): void {
    this.transport.close();
  }
}

/** The href values of a message's HTML (entities of `&amp;` undone). */
export function extractLinks(html: string): string[] {
  const links: string[] = [];
  for (const m of html.matchAll(/href="([^"]*)"/g))
    links.push(
      m[1]
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    );
  return links;
}
