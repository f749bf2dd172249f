import * as v from 'valibot';
import { es } from '../phrases/es';
import { endpoint } from './endpoint';
import { resultSchema } from './envelope';

/**
 * What an administrator needs to act on a person (docs/product/users.md, Sessions and lockout):
 * where they are signed in, with each session closed at once on every instance, and a lockout
 * seen and lifted. Reads need USERS_READ; closing and unlocking USERS_WRITE within the escalation
 * rules; every change is audited.
 */
export const USER_SECURITY_MESSAGES = es.userSecurity;

/** The kind of device a session was opened from, as its browser said. */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** A live session of a person. */
export interface UserSession {
  id: string;
  /** The application's name and title. */
  application: string;
  applicationTitle: string;
  deviceType: DeviceType;
  browser: string;
  /** The address the API saw (TRUST_PROXY decides whether X-Forwarded-For counts). */
  address: string | null;
  startedAt: string;
  /** When its tokens were last renewed; null before the first renewal. */
  lastRefreshAt: string | null;
}
const UserSessionSchema = resultSchema<UserSession>()(
  v.object({
    id: v.string(),
    application: v.string(),
    applicationTitle: v.string(),
    deviceType: v.picklist(DEVICE_TYPES),
    browser: v.string(),
    address: v.nullable(v.string()),
    startedAt: v.string(),
    lastRefreshAt: v.nullable(v.string()),
  }),
);

export interface UserSessions {
  sessions: UserSession[];
}
export const UserSessionsSchema = resultSchema<UserSessions>()(v.object({ sessions: v.array(UserSessionSchema) }));

/**
 * A person's lockout, when it holds them: a temporary lock until `until`, or a block that lasts
 * until it is lifted (by 'Desbloquear' or a password reset).
 */
export type UserLock = { kind: 'locked'; until: string } | { kind: 'blocked' };
export const UserLockSchema = v.variant('kind', [
  v.object({ kind: v.literal('locked'), until: v.string() }),
  v.object({ kind: v.literal('blocked') }),
]);

export interface UnlockResult {
  information: string;
}
export const UnlockResultSchema = resultSchema<UnlockResult>()(v.object({ information: v.string() }));

const userId = v.pipe(v.string(), v.uuid(es.userSecurity.userUnknown));
const UserParamsSchema = v.object({ id: userId });
const SessionParamsSchema = v.object({ id: userId, sessionId: v.pipe(v.string(), v.uuid(es.userSecurity.sessionUnknown)) });

export const userSessionsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/:id/sessions',
    summary: "A person's live sessions",
    tag: 'users',
    params: UserParamsSchema,
    result: UserSessionsSchema,
    access: ['USERS_READ'],
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/user/:id/sessions/:sessionId/close',
    summary: "Close one of a person's sessions (revoked at once; their open pages are signed out)",
    tag: 'users',
    params: SessionParamsSchema,
    result: UserSessionsSchema,
    access: ['USERS_WRITE'],
    audited: true,
  }),
  closeAll: endpoint({
    method: 'POST',
    path: '/api/user/:id/sessions/close-all',
    summary: 'Close every session of a person',
    tag: 'users',
    params: UserParamsSchema,
    result: UserSessionsSchema,
    access: ['USERS_WRITE'],
    audited: true,
  }),
  unlock: endpoint({
    method: 'POST',
    path: '/api/user/:id/unlock',
    summary: "Lift a person's lockout (temporary lock or block)",
    tag: 'users',
    params: UserParamsSchema,
    result: UnlockResultSchema,
    access: ['USERS_WRITE'],
    audited: true,
  }),
};
