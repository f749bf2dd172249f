import type { FastifyInstance } from 'fastify';
import {
  AssignPasswordRequestSchema,
  AssignPasswordResultSchema,
  ChangePasswordRequestSchema,
  ErrorResultSchema,
  GetUsersResetPasswordRequestSchema,
  GetUsersResetPasswordResultSchema,
  INFORMATION_CODES,
  ResetPasswordRequestSchema,
  ResetPasswordResultSchema,
  SendUserActivationEmailRequestSchema,
  type AssignPasswordResult,
  type Envelope,
  type ErrorResult,
  type GetUsersResetPasswordResult,
  type ResetPasswordResult,
} from '@suite/shared/contracts';
import { parseInput } from '../../http/errors';
import { passwordFlows } from './service';

/** Password flows (issue 4); their behaviour is in ./service. Public: no access token. */
export default async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;
  const flows = passwordFlows(app.ctx);

  app.post('/api/login/GetUsersResetPassword', { config: { ...limits.reset, contract: { summary: 'Accounts that can reset their password', tag: 'passwords', body: GetUsersResetPasswordRequestSchema, result: GetUsersResetPasswordResultSchema } } }, async (request): Promise<Envelope<GetUsersResetPasswordResult>> => {
    const body = parseInput(GetUsersResetPasswordRequestSchema, request.body);
    return { statusCode: 200, result: await flows.usersForReset(body) };
  });

  app.post('/api/login/ResetPassword', { config: { ...limits.reset, contract: { summary: 'Send a password reset link', tag: 'passwords', body: ResetPasswordRequestSchema, result: ResetPasswordResultSchema } } }, async (request): Promise<Envelope<ResetPasswordResult>> => {
    const body = parseInput(ResetPasswordRequestSchema, request.body);
    return { statusCode: 200, result: await flows.requestReset(request, body) };
  });

  app.post('/api/user/SendUserActivationEmail', { config: { ...limits.reset, contract: { summary: 'Send an activation e-mail', tag: 'passwords', body: SendUserActivationEmailRequestSchema, result: ErrorResultSchema } } }, async (request): Promise<Envelope<ErrorResult>> => {
    const body = parseInput(SendUserActivationEmailRequestSchema, request.body);
    const result = await flows.sendActivation(request, body);
    return { statusCode: 200, result, statusDetails: [{ code: INFORMATION_CODES.success, description: result.information }] };
  });

  app.post('/api/login/AssignPassword', { config: { ...limits.login, contract: { summary: 'Set a password from an activation or reset link', tag: 'passwords', body: AssignPasswordRequestSchema, result: AssignPasswordResultSchema } } }, async (request): Promise<Envelope<AssignPasswordResult>> => {
    const body = parseInput(AssignPasswordRequestSchema, request.body);
    return { statusCode: 200, result: await flows.assignPassword(request, body) };
  });

  app.post('/api/login/ChangePassword', { config: { ...limits.login, contract: { summary: 'Change the password', tag: 'passwords', body: ChangePasswordRequestSchema, result: ErrorResultSchema } } }, async (request, reply): Promise<Envelope<ErrorResult>> => {
    const body = parseInput(ChangePasswordRequestSchema, request.body);
    return { statusCode: 200, result: await flows.changePassword(request, reply, body) };
  });
}
