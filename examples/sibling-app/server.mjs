// @ts-check
/**
 * A sibling application of the suite: a small web server that signs people in through the suite's
 * OpenID provider with `openid-client` (authorization code + PKCE), shows who signed in, refreshes
 * its tokens, signs out through the provider (RP-initiated logout) and is signed out by it
 * (back-channel logout). It knows nothing of the suite but its issuer URL and its client id: any
 * OpenID Connect client library would do the same.
 *
 *   SUITE_URL                  the suite's issuer (default http://localhost:8080)
 *   SIBLING_APP_PORT           its port on 127.0.0.1 (default 8082)
 *   SIBLING_APP_CLIENT_ID      its registration (default sibling-app, a public client of the demo data)
 *   SIBLING_APP_CLIENT_SECRET  a confidential registration's secret (Aplicaciones → Integración)
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';

const SUITE_URL = process.env.SUITE_URL || 'http://localhost:8080';
const PORT = Number(process.env.SIBLING_APP_PORT || 8082);
const HOST = '127.0.0.1';
const ORIGIN = `http://${HOST}:${PORT}`;
const CLIENT_ID = process.env.SIBLING_APP_CLIENT_ID || 'sibling-app';
const CLIENT_SECRET = process.env.SIBLING_APP_CLIENT_SECRET || undefined;
const SCOPE = 'openid profile email privileges';
const REDIRECT_URI = `${ORIGIN}/callback`;
const COOKIE = 'sibling_session';
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * @typedef {{
 *   pending?: { state: string; nonce: string; verifier: string };
 *   idToken?: string;
 *   claims?: Record<string, unknown>;
 *   userinfo?: Record<string, unknown>;
 *   accessToken?: string;
 *   refreshToken?: string;
 *   expiresAt?: number;
 *   refreshedAt?: number;
 *   endedBySuite?: number;
 *   error?: string;
 * }} Session
 */

/** The browser sessions of this application, by the random id in its cookie (one process: a demo). */
/** @type {Map<string, Session>} */
const sessions = new Map();

/** @type {Promise<oidc.Configuration> | undefined} */
let discovered;
/** The provider's metadata and this client's registration, found once (again after a failure). */
function configuration() {
  discovered ??= oidc
    .discovery(
      new URL(SUITE_URL),
      CLIENT_ID,
      undefined,
      CLIENT_SECRET ? oidc.ClientSecretBasic(CLIENT_SECRET) : oidc.None(),
      new URL(SUITE_URL).protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
    )
    .catch((error) => {
      discovered = undefined;
      throw error;
    });
  return discovered;
}

/** @type {ReturnType<typeof createRemoteJWKSet> | undefined} */
let jwks;

const escapeHtml = (/** @type {unknown} */ value) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** @param {http.IncomingMessage} request */
function sessionOf(request) {
  const id = /(?:^|;\s*)sibling_session=([A-Za-z0-9_-]+)/.exec(request.headers.cookie ?? '')?.[1];
  return id ? { id, session: sessions.get(id) } : { id: undefined, session: undefined };
}

/** @param {http.ServerResponse} response */
function newSession(response) {
  const id = randomBytes(24).toString('base64url');
  /** @type {Session} */
  const session = {};
  sessions.set(id, session);
  response.setHeader('set-cookie', `${COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax`);
  return session;
}

/** @param {http.ServerResponse} response @param {string} location */
const redirect = (response, location) => response.writeHead(303, { location, 'cache-control': 'no-store' }).end();

/** @param {http.ServerResponse} response @param {number} status @param {string} title @param {string} body */
function page(response, status, title, body) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title === 'Sibling app' ? title : `${title} · Sibling app`)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1a202c}
header{background:#234e52;color:#fff;padding:12px 24px}header p{margin:0;font-weight:600}
main{max-width:760px;margin:24px auto;padding:0 24px}
section{background:#fff;border-radius:8px;padding:16px 24px;margin-bottom:16px;box-shadow:0 1px 2px rgba(0,0,0,.1)}
dt{font-weight:600;margin-top:8px}dd{margin:0;word-break:break-all}
pre{background:#edf2f7;padding:12px;overflow:auto;font-size:13px}
a.button,button{display:inline-block;background:#2c7a7b;color:#fff;border:0;border-radius:6px;padding:8px 16px;font:inherit;font-size:15px;text-decoration:none;cursor:pointer;margin-right:8px}
a.button:focus-visible,button:focus-visible{outline:3px solid #f6ad55;outline-offset:2px}
form{display:inline}.note{color:#4a5568}.error{color:#9b2c2c}
</style></head>
<body><header><p>Sibling app — a relying party of the suite</p></header><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
}

/** @param {Session} session */
function signedInBody(session) {
  const claims = session.claims ?? {};
  // the ID token of a code flow carries the subject; the profile comes from userinfo
  const person = { ...claims, ...session.userinfo };
  const privileges = Array.isArray(person.privileges) ? person.privileges : [];
  const rows = [
    ['Subject (sub)', person.sub],
    ['User name', person.preferred_username],
    ['Name', person.name],
    ['E-mail', `${person.email ?? ''}${person.email_verified ? ' (verified)' : ' (not verified)'}`],
    ['Language (locale)', person.locale],
    ['Tenant', person.tenant ?? '—'],
    ['Privileges in the application', privileges.length ? privileges.join(', ') : 'none'],
    ['Provider session (sid)', claims.sid],
    ['Access token expires', session.expiresAt ? new Date(session.expiresAt * 1000).toISOString() : '—'],
  ];
  return `<section aria-labelledby="who"><h2 id="who">Signed in as ${escapeHtml(person.name ?? person.sub)}</h2><dl>${rows
    .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value ?? '—')}</dd>`)
    .join('')}</dl>
${session.refreshedAt ? `<p class="note" role="status">Tokens refreshed at ${escapeHtml(new Date(session.refreshedAt).toISOString())}.</p>` : ''}
${session.error ? `<p class="error" role="alert">${escapeHtml(session.error)}</p>` : ''}
<form method="post" action="/refresh"><button type="submit">Refresh tokens</button></form>
<a class="button" href="/logout">Sign out</a></section>
<section aria-labelledby="raw"><h2 id="raw">ID token claims</h2><pre>${escapeHtml(JSON.stringify(claims, null, 2))}</pre>
<h2>Userinfo</h2><pre>${escapeHtml(JSON.stringify(session.userinfo ?? {}, null, 2))}</pre></section>`;
}

function signedOutBody(/** @type {Session | undefined} */ session) {
  const ended = session?.endedBySuite
    ? `<p role="status">The suite ended your session (back-channel logout at ${escapeHtml(new Date(session.endedBySuite).toISOString())}).</p>`
    : '';
  const error = session?.error ? `<p class="error" role="alert">${escapeHtml(session.error)}</p>` : '';
  return `<section>${ended}${error}<p>This application signs people in through the suite at <code>${escapeHtml(SUITE_URL)}</code> as the OpenID client <code>${escapeHtml(CLIENT_ID)}</code>.</p>
<a class="button" href="/login">Sign in with the suite</a></section>`;
}

/** @param {http.IncomingMessage} request */
async function formOf(request) {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 64 * 1024) throw new Error('request body too large');
  }
  return new URLSearchParams(body);
}

/**
 * A logout token from the provider (OpenID Connect Back-Channel Logout 1.0 §2.6): signed by the
 * suite's keys for this client, with the logout event, a session id, and no nonce.
 * @param {string} token
 */
async function verifyLogoutToken(token) {
  const config = await configuration();
  const metadata = config.serverMetadata();
  jwks ??= createRemoteJWKSet(new URL(/** @type {string} */ (metadata.jwks_uri)));
  const { payload } = await jwtVerify(token, jwks, { issuer: metadata.issuer, audience: CLIENT_ID, typ: 'logout+jwt', maxTokenAge: '5m' });
  const events = /** @type {Record<string, unknown> | undefined} */ (payload.events);
  if (!events || typeof events[BACKCHANNEL_EVENT] !== 'object') throw new Error('not a logout token');
  if ('nonce' in payload) throw new Error('a logout token carries no nonce');
  if (typeof payload.sid !== 'string' && typeof payload.sub !== 'string') throw new Error('no session named');
  return payload;
}

/** @type {Record<string, (request: http.IncomingMessage, response: http.ServerResponse, url: URL) => Promise<void>>} */
const routes = {
  'GET /': async (request, response) => {
    const { session } = sessionOf(request);
    if (session?.claims) return page(response, 200, 'Sibling app', signedInBody(session));
    page(response, 200, 'Sibling app', signedOutBody(session));
  },

  'GET /login': async (_request, response) => {
    const config = await configuration();
    const pending = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
    newSession(response).pending = pending;
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: SCOPE,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    });
    redirect(response, url.href);
  },

  'GET /callback': async (request, response, url) => {
    const { session } = sessionOf(request);
    if (!session?.pending)
      return page(response, 400, 'Sign-in failed', signedOutBody({ error: 'No sign-in was started in this browser.' }));
    const { pending } = session;
    session.pending = undefined;
    try {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, new URL(url.pathname + url.search, ORIGIN), {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims() ?? {};
      Object.assign(session, {
        idToken: tokens.id_token,
        claims,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        expiresAt: Math.floor(Date.now() / 1000) + (tokens.expiresIn() ?? 0),
        userinfo: await oidc.fetchUserInfo(config, tokens.access_token, /** @type {string} */ (claims.sub)),
        error: undefined,
        endedBySuite: undefined,
      });
      redirect(response, '/');
    } catch (error) {
      session.error = `Sign-in failed: ${error instanceof Error ? error.message : String(error)}`;
      page(response, 400, 'Sign-in failed', signedOutBody(session));
    }
  },

  'POST /refresh': async (request, response) => {
    const { session } = sessionOf(request);
    if (!session?.refreshToken) return redirect(response, '/');
    try {
      const tokens = await oidc.refreshTokenGrant(await configuration(), session.refreshToken);
      Object.assign(session, {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? session.refreshToken,
        expiresAt: Math.floor(Date.now() / 1000) + (tokens.expiresIn() ?? 0),
        refreshedAt: Date.now(),
        error: undefined,
      });
    } catch (error) {
      // the grant ended (signed out, revoked, reused): this application's session ends with it
      Object.assign(session, { claims: undefined, userinfo: undefined, accessToken: undefined, refreshToken: undefined });
      session.error = `The suite refused the refresh: ${error instanceof Error ? error.message : String(error)}`;
    }
    redirect(response, '/');
  },

  // RP-initiated logout: this application's session ends here, the suite's at its end_session endpoint
  'GET /logout': async (request, response) => {
    const { id, session } = sessionOf(request);
    if (id) sessions.delete(id);
    if (!session?.idToken) return redirect(response, '/');
    const url = oidc.buildEndSessionUrl(await configuration(), { id_token_hint: session.idToken, post_logout_redirect_uri: `${ORIGIN}/` });
    redirect(response, url.href);
  },

  'POST /backchannel-logout': async (request, response) => {
    try {
      const payload = await verifyLogoutToken((await formOf(request)).get('logout_token') ?? '');
      let ended = 0;
      for (const session of sessions.values()) {
        const claims = session.claims;
        if (!claims || (payload.sid ? claims.sid !== payload.sid : claims.sub !== payload.sub)) continue;
        Object.assign(session, {
          claims: undefined,
          userinfo: undefined,
          idToken: undefined,
          accessToken: undefined,
          refreshToken: undefined,
        });
        session.endedBySuite = Date.now();
        ended += 1;
      }
      console.log(`sibling app: back-channel logout of ${payload.sid ?? payload.sub} ended ${ended} session(s)`);
      response.writeHead(200, { 'cache-control': 'no-store' }).end();
    } catch (error) {
      response
        .writeHead(400, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify({ error: 'invalid_request', error_description: error instanceof Error ? error.message : String(error) }));
    }
  },

  'GET /healthz': async (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  },
};

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', ORIGIN);
  // one origin for the session cookie and the registered redirect URI
  if (request.method === 'GET' && request.headers.host !== `${HOST}:${PORT}`)
    return redirect(response, `${ORIGIN}${url.pathname}${url.search}`);
  const handler = routes[`${request.method} ${url.pathname}`];
  if (!handler) return page(response, 404, 'Not found', '<p><a href="/">Back to the start</a></p>');
  handler(request, response, url).catch((error) => {
    console.error('sibling app:', error);
    if (!response.headersSent)
      page(
        response,
        502,
        'The suite is not reachable',
        `<p class="error" role="alert">${escapeHtml(error instanceof Error ? error.message : error)}</p>`,
      );
  });
});

server.listen(PORT, HOST, () => console.log(`sibling app on ${ORIGIN} (OpenID client ${CLIENT_ID} of ${SUITE_URL})`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
