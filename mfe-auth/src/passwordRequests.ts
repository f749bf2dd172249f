import {
  callEnvelope,
  encryptPayloadAsync,
  getRuntimeConfig,
  passwordsApi,
  type AssignPasswordResult,
  type Envelope,
  type GetUsersResetPasswordResult,
  type ResetPasswordResult,
} from '@suite/shared';
import { publicOptions } from './publicRequests';

/** The accounts tied to an e-mail. */
export async function requestUsersForEmail(email: string): Promise<Envelope<GetUsersResetPasswordResult>> {
  return callEnvelope(passwordsApi.usersForReset, { body: { email, appname: getRuntimeConfig().appName } }, publicOptions());
}

/** Sends the reset e-mail of one account. */
export async function requestPasswordReset(
  user: string,
  extra: { isByUser?: boolean; isInvalidLinkScreen?: boolean } = {},
): Promise<Envelope<ResetPasswordResult>> {
  return callEnvelope(passwordsApi.passwordReset, { body: { appname: getRuntimeConfig().appName, user, ...extra } }, publicOptions());
}

/** The password of an activation/reset link (encrypted). */
export async function requestAssignPassword(input: {
  user: string;
  token: string;
  password: string;
  isUserActivation: boolean;
}): Promise<Envelope<AssignPasswordResult>> {
  const { appName, payloadKey } = getRuntimeConfig();
  const body = {
    user: input.user,
    token: input.token,
    appname: appName,
    password: await encryptPayloadAsync(input.password, payloadKey),
    isUserActivation: input.isUserActivation,
  };
  return callEnvelope(passwordsApi.assignPassword, { body }, publicOptions());
}

/** Current and new password, both encrypted; the solved captcha when asked for. */
export async function requestChangePassword(
  user: string,
  password: string,
  newPassword: string,
  tokenCaptcha?: string,
): Promise<Envelope<unknown>> {
  const { appName, payloadKey } = getRuntimeConfig();
  const body = {
    user,
    password: await encryptPayloadAsync(password, payloadKey),
    newpassword: await encryptPayloadAsync(newPassword, payloadKey),
    appname: appName,
    ...(tokenCaptcha ? { tokenCaptcha } : {}),
  };
  return callEnvelope(passwordsApi.changePassword, { body }, publicOptions());
}

/** A new activation e-mail for the user (the message to show in statusDetails[0]). */
export function requestActivationEmail(user: string): Promise<Envelope<unknown>> {
  return callEnvelope(passwordsApi.activationEmail, { body: { user, appname: getRuntimeConfig().appName } }, publicOptions());
}
