import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { resolveHost } from './host';

/**
 * The application whose page sent a request, from its Host header (docs/architecture.md §3). A
 * call the product's lists send without `appname` (the password-reset lookups, the certificate
 * reset calls) is about the application of the page it comes from.
 */
export async function applicationOfRequest(ctx: Pick<AppContext, 'config' | 'directory'>, request: FastifyRequest): Promise<string> {
  return resolveHost(request.headers.host, await ctx.directory.snapshot(), ctx.config.hostMap).app;
}

/** `body` with its `appname`, the request's own application when it sent none. */
export async function withApplication<T extends { appname?: string }>(
  ctx: Pick<AppContext, 'config' | 'directory'>,
  request: FastifyRequest,
  body: T,
): Promise<T & { appname: string }> {
  return body.appname === undefined ? { ...body, appname: await applicationOfRequest(ctx, request) } : (body as T & { appname: string });
}
