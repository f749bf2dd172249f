import type { FastifyRequest } from 'fastify';
import { asLanguage } from '@suite/shared/phrases';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { first } from '../../http/headers';
import { publicOrigin } from '../../http/public-origin';
import type { AppDirectory } from '../applications/directory';
import type { Mailer } from '../mail/mailer';
import { durationText, mailLanguage, renderMail, type MailKind } from '../mail/templates';
import { buildLink, issueLinkToken, linkBase, linkSeconds, type LinkPurpose } from './links';
import type { LinkApplication } from './queries';

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

/** Renders a password e-mail in the language and sends it to the user (with a link or a reset code). */
export async function sendPasswordMail(
  mailer: Mailer,
  kind: MailKind,
  user: LinkUser,
  application: Pick<LinkApplication, 'name' | 'title'>,
  language: string,
  link?: string,
  validitySeconds?: number,
  code?: string,
): Promise<void> {
  const lang = mailLanguage(language);
  const validity =
    validitySeconds === undefined
      ? undefined
      : validitySeconds % 86400 === 0
        ? durationText(validitySeconds / 86400, 3, lang)
        : validitySeconds % 3600 === 0
          ? durationText(validitySeconds / 3600, 2, lang)
          : durationText(Math.round(validitySeconds / 60), 1, lang);
  const rendered = renderMail(kind, lang, { name: user.names || user.user_name, appTitle: application.title || application.name, link, validity, code });
  await mailer.send({ to: user.email, ...rendered });
}

/**
 * The tenant a link is for: the request's `tenant` header when it names a tenant of the
 * application, else none. Only known tenants pass, so the link's origin is always one the
 * configuration gives.
 */
async function linkTenant(directory: AppDirectory, request: FastifyRequest, application: Pick<LinkApplication, 'name'>): Promise<string | undefined> {
  const value = first(request.headers.tenant)?.trim();
  return value ? (await directory.snapshot()).findTenant(application.name, value) : undefined;
}

/**
 * Issues a single-use link token (activation or reset) for the user and application and mails
 * the link; returns nothing the caller could leak. The link's origin comes from configuration
 * (the application's urlAssignPassword, HOST_MAP, PUBLIC_URL), never from the request.
 */
export async function sendPasswordLink(
  ctx: { db: Kysely<DB>; mailer: Mailer; payloadKey: string; config: Pick<Config, 'publicUrl' | 'hostMap'>; directory: AppDirectory },
  request: FastifyRequest,
  purpose: LinkPurpose,
  user: LinkUser,
  application: LinkApplication,
): Promise<void> {
  const language = tenantLanguage(request, application);
  const seconds = linkSeconds(purpose, application);
  const origin = publicOrigin(ctx.config, application.name, await linkTenant(ctx.directory, request, application));
  const token = await issueLinkToken(ctx.db, { userId: user.id, applicationId: application.id, purpose, seconds, tenantLanguage: language });
  const link = buildLink(
    linkBase(application.url_assign_password, origin),
    { user: user.user_name, token, tenantLanguage: language, isUserActivation: purpose === 'activation' },
    ctx.payloadKey,
  );
  await sendPasswordMail(ctx.mailer, purpose, user, application, language, link, seconds);
  request.log.info({ userId: user.id, app: application.name, purpose }, 'password link sent');
}
