import {
  apiClient,
  encryptPayloadAsync,
  getRuntimeConfig,
  type AssignPasswordResult,
  type Envelope,
  type GetUsersResetPasswordResult,
  type ResetPasswordResult,
} from '@suite/shared';
import { publicOptions } from './publicRequests';

/** POST /api/login/GetUsersResetPassword: the accounts tied to an e-mail. */
export function requestUsersForEmail(email: string): Promise<Envelope<GetUsersResetPasswordResult>> {
  return apiClient.post<GetUsersResetPasswordResult>('login/GetUsersResetPassword', { email, appname: getRuntimeConfig().appName }, publicOptions());
}

/** POST /api/login/ResetPassword: sends the reset e-mail of one account. */
export function requestPasswordReset(user: string, extra: { isByUser?: boolean; isInvalidLinkScreen?: boolean } = {}): Promise<Envelope<ResetPasswordResult>> {
  return apiClient.post<ResetPasswordResult>('login/ResetPassword', { appname: getRuntimeConfig().appName, user, ...extra }, publicOptions());
}

/** POST /api/login/AssignPassword: the password of an activation/reset link (encrypted). */
export async function requestAssignPassword(input: { user: string; token: string; password: string; isUserActivation: boolean }): Promise<Envelope<AssignPasswordResult>> {
  const { appName, payloadKey } = getRuntimeConfig();
  return apiClient.post<AssignPasswordResult>(
    'login/AssignPassword',
    { user: input.user, token: input.token, appname: appName, password: await encryptPayloadAsync(input.password, payloadKey), isUserActivation: input.isUserActivation },
    publicOptions(),
  );
}

/** POST /api/login/ChangePassword: current and new password, both encrypted; the solved captcha when asked for. */
export async function requestChangePassword(user: string, password: string, newPassword: string, tokenCaptcha?: string): Promise<Envelope<unknown>> {
  const { appName, payloadKey } = getRuntimeConfig();
  return apiClient.post<unknown>(
    'login/ChangePassword',
    {
      user,
      password: await encryptPayloadAsync(password, payloadKey),
      newpassword: await encryptPayloadAsync(newPassword, payloadKey),
      appname: appName,
      ...(tokenCaptcha ? { tokenCaptcha } : {}),
    },
    publicOptions(),
  );
}

/** POST /api/user/SendUserActivationEmail: a new activation e-mail for the user (reply in statusDetails[0]). */
export function requestActivationEmail(user: string): Promise<Envelope<unknown>> {
  return apiClient.post<unknown>('user/SendUserActivationEmail', { user, appname: getRuntimeConfig().appName }, publicOptions());
}
