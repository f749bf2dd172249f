import {
  apiClient,
  call,
  callWith,
  encryptPayloadAsync,
  getRuntimeConfig,
  passwordsApi,
  type ApiClient,
  type AssignPasswordResult,
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  type Envelope,
  type GetUsersResetPasswordResult,
  type RequestOptions,
  type ResetPasswordResult,
} from '@suite/shared';
import { publicOptions } from './publicRequests';

/**
 * `call`, resolving the whole envelope instead of its `result`: these replies carry the message
 * to show in `statusDetails[0]` (portal spec §7).
 */
export async function callForEnvelope<E extends Endpoint & { result: unknown }>(e: E, input: EndpointInput<E>, options?: RequestOptions): Promise<Envelope<EndpointResult<E>>> {
  let envelope: Envelope<unknown> | undefined;
  const keeping: ApiClient = {
    ...apiClient,
    post: async <T>(path: string, body?: unknown, sent?: RequestOptions) => {
      const reply = await apiClient.post<T>(path, body, sent);
      envelope = reply;
      return reply;
    },
  };
  await callWith(keeping, e, input, options);
  return envelope as Envelope<EndpointResult<E>>;
}

/** The accounts tied to an e-mail. */
export async function requestUsersForEmail(email: string): Promise<Envelope<GetUsersResetPasswordResult>> {
  return { statusCode: 200, result: await call(passwordsApi.usersForReset, { body: { email, appname: getRuntimeConfig().appName } }, publicOptions()) };
}

/** Sends the reset e-mail of one account. */
export async function requestPasswordReset(user: string, extra: { isByUser?: boolean; isInvalidLinkScreen?: boolean } = {}): Promise<Envelope<ResetPasswordResult>> {
  return { statusCode: 200, result: await call(passwordsApi.passwordReset, { body: { appname: getRuntimeConfig().appName, user, ...extra } }, publicOptions()) };
}

/** The password of an activation/reset link (encrypted). */
export async function requestAssignPassword(input: { user: string; token: string; password: string; isUserActivation: boolean }): Promise<Envelope<AssignPasswordResult>> {
  const { appName, payloadKey } = getRuntimeConfig();
  const body = { user: input.user, token: input.token, appname: appName, password: await encryptPayloadAsync(input.password, payloadKey), isUserActivation: input.isUserActivation };
  return { statusCode: 200, result: await call(passwordsApi.assignPassword, { body }, publicOptions()) };
}

/** Current and new password, both encrypted; the solved captcha when asked for. */
export async function requestChangePassword(user: string, password: string, newPassword: string, tokenCaptcha?: string): Promise<Envelope<unknown>> {
  const { appName, payloadKey } = getRuntimeConfig();
  const body = {
    user,
    password: await encryptPayloadAsync(password, payloadKey),
    newpassword: await encryptPayloadAsync(newPassword, payloadKey),
    appname: appName,
    ...(tokenCaptcha ? { tokenCaptcha } : {}),
  };
  return { statusCode: 200, result: await call(passwordsApi.changePassword, { body }, publicOptions()) };
}

/** A new activation e-mail for the user (the message to show in statusDetails[0]). */
export function requestActivationEmail(user: string): Promise<Envelope<unknown>> {
  return callForEnvelope(passwordsApi.activationEmail, { body: { user, appname: getRuntimeConfig().appName } }, publicOptions());
}
