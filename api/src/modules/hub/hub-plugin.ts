import type { FastifyPluginAsync } from 'fastify';
import { INFORMATION_CODES, MESSAGES, fail, sessionsApi } from '@suite/shared/contracts';
import { route } from '../../http/route';
import { HubLimitError } from './hub-options';
import type { SessionHub } from './session-hub';

export interface HubPluginOptions {
  hub: SessionHub;
}

/**
 * Serves the hub: `POST <path>/negotiate` as a Fastify route, WebSocket upgrades on `<path>`
 * through the hub's own 'upgrade' listener on `app.server`. Starts the hub (bus subscription)
 * and closes it — Close message to every client — when the app closes.
 *
 * Register it at the root without a prefix; the negotiate route's case-insensitivity follows
 * the app's router options, the WebSocket path is always matched case-insensitively.
 */
export const hubPlugin: FastifyPluginAsync<HubPluginOptions> = async (app, { hub }) => {
  await hub.start();
  hub.attach(app.server);

  // Open WebSockets would keep the HTTP server from closing: end them first.
  app.addHook('preClose', async () => {
    await hub.close();
  });

  // The client posts an empty body (text/plain at most); whatever arrives is ignored.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_req, _body, done) => done(null, undefined));

  // the declaration names the default hub path; a hub served under another path negotiates there
  route(
    app,
    { ...sessionsApi.hubNegotiate, path: `${hub.path}/negotiate` },
    async ({ query }, request, reply) => {
      const requested = Number(query.negotiateVersion ?? 0);
      try {
        // request.ip: the client's address as TRUST_PROXY lets the app see it
        return hub.negotiate(Number.isFinite(requested) ? requested : 0, request.ip);
      } catch (error) {
        if (!(error instanceof HubLimitError)) throw error;
        request.log.info({ client: request.ip, status: error.statusCode }, error.message);
        const body =
          error.statusCode === 429
            ? fail(429, MESSAGES.tooManyRequests, INFORMATION_CODES.tooManyRequests)
            : fail(503, MESSAGES.serviceUnavailable, INFORMATION_CODES.unavailable);
        return reply.code(error.statusCode).header('retry-after', '5').send(body);
      }
    },
    { noStore: true },
  );
};
