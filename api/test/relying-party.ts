import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { PROVIDER_INTERACTION_PARAM, providerApi } from '@suite/shared/contracts';
import { PATHS } from '@suite/shared/federation';
import { ADMIN_PASSWORD, json, tokenFor } from './harness';

/** The issuer of the test configuration (its PUBLIC_URL). */
export const ISSUER = 'http://localhost:8080';
export const SCOPE = 'openid profile email privileges';

/** A browser of the tests: follows the suite's redirects through app.inject, keeping its cookies. */
export class Browser {
  private cookies = new Map<string, { value: string; path: string }>();

  constructor(private readonly app: () => FastifyInstance) {}

  private cookieHeader(path: string): string {
    return [...this.cookies]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private keep(setCookie: string | string[] | undefined): void {
    for (const line of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  /** GET on the suite; the reply's status and where it redirects. */
  async get(url: string): Promise<{ status: number; location?: string; body: string }> {
    const target = new URL(url, ISSUER);
    const response = await this.app().inject({
      method: 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { cookie: this.cookieHeader(target.pathname) },
    });
    this.keep(response.headers['set-cookie']);
    if (process.env.DEBUG_BROWSER)
      console.log(target.pathname, response.statusCode, response.headers.location, response.body.slice(0, 300));
    const location = response.headers.location;
    return { status: response.statusCode, location: typeof location === 'string' ? location : undefined, body: response.body };
  }

  /** Submits a form to the suite, as a page's button would. */
  async post(url: string, form: Record<string, string>): Promise<{ status: number; location?: string; body: string }> {
    const target = new URL(url, ISSUER);
    const response = await this.app().inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { cookie: this.cookieHeader(target.pathname), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    this.keep(response.headers['set-cookie']);
    const location = response.headers.location;
    return { status: response.statusCode, location: typeof location === 'string' ? location : undefined, body: response.body };
  }

  /** Follows redirects on the suite's origin until one leaves it or opens the portal's sign-in page. */
  async follow(url: string): Promise<{ status: number; location?: string; body: string }> {
    const onward = (location: string | undefined) => {
      if (!location) return false;
      const next = new URL(location, ISSUER);
      return next.origin === ISSUER && next.pathname !== PATHS.login;
    };
    let reply = await this.get(url);
    for (let hops = 0; hops < 10 && onward(reply.location); hops++) reply = await this.get(reply.location ?? '');
    return reply;
  }
}

/**
 * A relying party of the tests on `app` (which may answer each call from another instance):
 * `openid-client` with its HTTP answered by the suite through app.inject.
 */
export function relyingParty(app: () => FastifyInstance) {
  /** The relying party's HTTP, answered by the suite through app.inject. */
  const viaSuite: client.CustomFetch = async (url, options) => {
    const target = new URL(url);
    const response = await app().inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: options.headers as Record<string, string>,
      payload: options.body === undefined || options.body === null ? undefined : String(options.body),
    });
    return new Response(response.statusCode === 204 ? null : response.rawPayload, {
      status: response.statusCode,
      headers: response.headers as Record<string, string>,
    });
  };

  const discover = async (clientId: string, secret?: string) => {
    const config = await client.discovery(new URL(ISSUER), clientId, undefined, secret ? client.ClientSecretBasic(secret) : client.None(), {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: viaSuite,
    });
    config[client.customFetch] = viaSuite;
    return config;
  };

  /**
   * A person's way through a sign-in request: the authorization request, the portal's sign-in
   * (an access token of the application, as the page holds it), the hand-over and back; returns
   * where the provider sends the browser at the end.
   */
  async function signInThrough(browser: Browser, authorizationUrl: URL, accessToken?: string): Promise<URL> {
    const first = await browser.follow(authorizationUrl.toString());
    // already signed in (single sign-on): straight back to the client
    if (first.location && new URL(first.location, ISSUER).pathname !== PATHS.login) return new URL(first.location);
    expect(first.status).toBe(303);
    const login = new URL(first.location ?? '');
    expect(login.pathname).toBe(PATHS.login);
    const uid = login.searchParams.get(PROVIDER_INTERACTION_PARAM) ?? '';
    const token = accessToken ?? (await tokenFor(app(), 'admin', ADMIN_PASSWORD));
    const handoff = await app().inject({
      method: 'POST',
      url: providerApi.handoff.path,
      headers: { authorization: `Bearer ${token}` },
      payload: { interaction: uid },
    });
    expect(handoff.statusCode).toBe(200);
    const back = await browser.follow(json(handoff).result.url);
    expect(back.status).toBe(303);
    return new URL(back.location ?? '');
  }

  async function authorization(config: client.Configuration, redirectUri: string, extra: Record<string, string> = {}) {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...extra,
    });
    return { url, verifier, state };
  }

  return { discover, signInThrough, authorization };
}
