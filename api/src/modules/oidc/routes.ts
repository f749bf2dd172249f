import type { FastifyInstance } from 'fastify';
import {
  CONNECT_OIDC_PATH,
  ConnectOidcHeadersSchema,
  ConnectOidcResultSchema,
  GENERATE_TOKEN_OIDC_PATH,
  GenerateTokenOidcRequestSchema,
  LoginResultSchema,
  type ConnectOidcResult,
  type Envelope,
  type LoginResult,
} from '@suite/shared/contracts';
import { parseInput } from '../../http/errors';
import { pickHeaders } from '../../http/headers';
import { oidcFlows } from './service';

/** External sign-in through an OpenID provider (portal spec §7; docs/security/oidc.md). Public. */
export default async function oidcRoutes(app: FastifyInstance): Promise<void> {
  const { limits } = app.ctx;
  const flows = oidcFlows(app.ctx);

  app.get(CONNECT_OIDC_PATH, { config: { ...limits.login, contract: { summary: 'Start a sign-in at the external identity provider', tag: 'oidc', headers: ConnectOidcHeadersSchema, result: ConnectOidcResultSchema } } }, async (request, reply): Promise<Envelope<ConnectOidcResult>> => {
    const headers = parseInput(ConnectOidcHeadersSchema, pickHeaders(request, ['appName', 'tenant', 'tenantLanguage']), 'headers');
    const result = await flows.connect(request, reply, headers);
    reply.header('cache-control', 'no-store');
    return { statusCode: 200, result };
  });

  app.post(GENERATE_TOKEN_OIDC_PATH, { config: { ...limits.login, contract: { summary: 'Exchange the external identity provider code for tokens', tag: 'oidc', body: GenerateTokenOidcRequestSchema, result: LoginResultSchema } } }, async (request, reply): Promise<Envelope<LoginResult>> => {
    const body = parseInput(GenerateTokenOidcRequestSchema, request.body);
    const result = await flows.exchange(request, reply, body);
    reply.header('cache-control', 'no-store');
    return { statusCode: 200, result };
  });
}
