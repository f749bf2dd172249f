import type { FastifyRequest } from 'fastify';
import { asLanguage } from '@suite/shared/phrases';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { first } from '../../http/headers';
import { publicOrigin } from '../../http/public-origin';
import type { AppDirectory } from '../applications/directory';
import type { OutgoingMail } from '../mail/mailer';
import type { MailOutbox } from '../mail/outbox';
import { durationText, mailLanguage, renderMail, type MailKind } from '../mail/templates';
import { buildLink, issueLinkToken, linkBase, linkSeconds, type LinkPurpose } from './links';
import { linkApplicationById, type LinkApplication } from './queries';

/** The user columns a password e-mail needs. */
export interface LinkUser {
  id: string;
  user_name: string;
  email: string;
  names: string;
}

/** The request's tenantLanguage header (es, en, pt), else the application's default language. */
export function tenantLanguage(request: FastifyRequest, application: Pick<LinkApplication, 'default_language'>): string {
  return asLanguage(first(request.headers.tenantlanguage)) ?? application.default_language;
}

/** Writes a password e-mail in the language for the user (with a link or a reset code). */
function passwordMail(
  kind: MailKind,
  user: LinkUser,
  application: Pick<LinkApplication, 'name' | 'title'>,
  language: string,
  link?: string,
  validitySeconds?: number,
  code?: string,
): OutgoingMail {
  const lang = mailLanguage(language);
  const validity =
    validitySeconds === undefined
      ? undefined
      : validitySeconds % 86400 === 0
        ? durationText(validitySeconds / 86400, 3, lang)
        : validitySeconds % 3600 === 0
          ? durationText(validitySeconds / 3600, 2, lang)
          : durationText(Math.round(validitySeconds / 60), 1, lang);
  const rendered = renderMail(kind, lang, {
    name: user.names || user.user_name,
    appTitle: application.title || application.name,
    link,
    validity,
    code,
  });
  return { to: user.email, ...rendered };
}

/** Queues a written password e-mail (a notice, or a reset code): the outbox sends it after the answer. */
export async function sendPasswordMail(
  out: { db: Kysely<DB>; outbox: Pick<MailOutbox, 'enqueue' | 'kick'> },
  ...mail: Parameters<typeof passwordMail>
): Promise<void> {
  await out.outbox.enqueue(out.db, passwordMail(...mail));
  out.outbox.kick();
}

/**
 * The tenant a link is for: the request's `tenant` header when it names a tenant of the
 * application, else none. Only known tenants pass, so the link's origin is always one the
 * configuration gives.
 */
async function linkTenant(
  directory: AppDirectory,
  request: FastifyRequest,
  application: Pick<LinkApplication, 'name'>,
): Promise<string | undefined> {
  const value = first(request.headers.tenant)?.trim();
  return value ? (await directory.snapshot()).findTenant(application.name, value) : undefined;
}

/** The e-mails of an account that the outbox writes when it sends them (a link is issued then). */
export type QueuedPasswordMail = LinkPurpose | 'alreadyActive';

/** The outbox job of a password e-mail: what the request knew, nothing the answer depends on. */
interface PasswordMailJob {
  mail: QueuedPasswordMail;
  /** null: no account has the name or address asked for — nothing is sent. */
  userId: string | null;
  applicationId: number;
  language: string;
  tenant?: string;
}

export const PASSWORD_MAIL_JOB = 'password-mail';

type LinkContext = {
  db: Kysely<DB>;
  outbox: Pick<MailOutbox, 'enqueueJob' | 'kick'>;
  payloadKey: string;
  config: Pick<Config, 'publicUrl' | 'hostMap'>;
  directory: AppDirectory;
};

/**
 * Queues an activation or reset link, or the already-active notice, for the user — or, with no
 * user, a job that sends nothing. Either way the request writes one outbox row and no more: the
 * answer takes the same time whether or not an account exists (docs/security/enumeration.md).
 * The link's single-use token is issued and the e-mail written when the outbox sends it; the
 * link's origin comes from configuration (the application's urlAssignPassword, HOST_MAP,
 * PUBLIC_URL), never from the request.
 */
export async function queuePasswordMail(
  ctx: LinkContext,
  request: FastifyRequest,
  mail: QueuedPasswordMail,
  user: Pick<LinkUser, 'id'> | undefined,
  application: LinkApplication,
): Promise<void> {
  const job: PasswordMailJob = {
    mail,
    userId: user?.id ?? null,
    applicationId: application.id,
    language: tenantLanguage(request, application),
    tenant: await linkTenant(ctx.directory, request, application),
  };
  await ctx.outbox.enqueueJob(ctx.db, PASSWORD_MAIL_JOB, job);
  ctx.outbox.kick();
  request.log.info({ userId: job.userId, app: application.name, mail }, 'password e-mail queued');
}

/** Writes the e-mail of a queued password job (the outbox's composer): null when there is nothing to send. */
export function passwordMailComposer(ctx: Omit<LinkContext, 'outbox'>) {
  return async (raw: unknown): Promise<OutgoingMail | null> => {
    const job = raw as PasswordMailJob;
    if (!job.userId) return null;
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'user_name', 'email', 'names'])
      .where('id', '=', job.userId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    const application = await linkApplicationById(ctx.db, job.applicationId);
    if (!user || !application) return null;
    if (job.mail === 'alreadyActive') return passwordMail('alreadyActive', user, application, job.language);
    const seconds = linkSeconds(job.mail, application);
    const token = await issueLinkToken(ctx.db, {
      userId: user.id,
      applicationId: application.id,
      purpose: job.mail,
      seconds,
      tenantLanguage: job.language,
    });
    const link = buildLink(
      linkBase(application.url_assign_password, publicOrigin(ctx.config, application.name, job.tenant)),
      { user: user.user_name, token, tenantLanguage: job.language, isUserActivation: job.mail === 'activation' },
      ctx.payloadKey,
    );
    return passwordMail(job.mail, user, application, job.language, link, seconds);
  };
}
