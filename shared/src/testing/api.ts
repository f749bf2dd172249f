/** Fakes of what the API sends (jest only). */

/** A JSON reply of the API: `body` with HTTP `status`. */
export function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An unsigned access token carrying `claims` (the front end reads claims, never checks the signature). */
export function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'EdDSA' })}.${encode(claims)}.sig`;
}

/** One request the front end sent, as the fake API saw it. */
export interface ApiCall {
  method: string;
  /** The pathname as sent, e.g. '/api/user/list'. */
  path: string;
  headers: Headers;
  /** The JSON body; {} without one (GET). */
  body: Record<string, any>;
  request: Request;
}

/** An answer: a Response, or [status, result] sent in the API's envelope { statusCode, result }. */
export type ApiAnswer = Response | [status: number, result: unknown];
export type ApiHandler = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;
/**
 * Answers by route. A key is '[METHOD ]path', the path with or without '/api/' (e.g.
 * 'GET /api/user/list', 'login/ResetPassword'), matched in any letter case; a key with a method
 * wins over one without. A value is an [status, result] or a handler.
 */
export type ApiRoutes = Record<string, [status: number, result: unknown] | ApiHandler>;

/** What application data (GET /api/application/<name>) answers unless a test gives its own. */
export const APP_DATA_DEFAULTS: Readonly<Record<string, unknown>> = {
  getVersionApp: { version: '2.0.0' },
  GetParametersApp: { parameters: [] },
  isFreeTrial: { isFreeTrial: false, urlFreeTrial: '', codeFreeTrial: '' },
  getMaintenanceWindow: { isMaintenance: false, message: '' },
};

export interface MockApiOptions<T> {
  /**
   * Answers application data (/api/application/<name>) with these results over
   * APP_DATA_DEFAULTS (true: the defaults), before the routes; those calls are not recorded.
   */
  appData?: Record<string, unknown> | boolean;
  /** What to record of each call (undefined: nothing); the whole ApiCall otherwise. */
  record?: (call: ApiCall) => T | undefined;
}

const NOT_FOUND: ApiAnswer = [404, { information: 'El recurso solicitado no existe.', informationCode: 'R404' }];
const routePath = (path: string) => path.toLowerCase().replace(/^\/?(api\/)?/, '');

function findRoute(routes: ApiRoutes, method: string, path: string) {
  const wanted = routePath(path);
  let anyMethod: ApiRoutes[string] | undefined;
  for (const [key, answer] of Object.entries(routes)) {
    const [first, second] = key.trim().split(/\s+/, 2);
    const [keyMethod, keyPath] = second === undefined ? [undefined, first] : [first.toUpperCase(), second];
    if (routePath(keyPath) !== wanted) continue;
    if (keyMethod === method) return answer;
    if (keyMethod === undefined) anyMethod ??= answer;
  }
  return anyMethod;
}

/**
 * Fakes the API on `fetch`: each call is answered by `routes` (or the one handler), unknown ones
 * with a 404 in the envelope. Returns the calls made so far (a live array), as `record` shapes them.
 */
export function mockApi<T = ApiCall>(routes: ApiRoutes | ApiHandler, options: MockApiOptions<T> = {}): T[] {
  const calls: T[] = [];
  const appData = options.appData ? { ...APP_DATA_DEFAULTS, ...(options.appData === true ? {} : options.appData) } : undefined;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    if (appData && path.startsWith('/api/application/')) {
      return reply(200, { statusCode: 200, result: appData[path.slice('/api/application/'.length)] ?? {} });
    }
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    const call: ApiCall = { method: request.method, path, headers: request.headers, body: text ? JSON.parse(text) : {}, request };
    const recorded = options.record ? options.record(call) : (call as T);
    if (recorded !== undefined) calls.push(recorded);
    const route = typeof routes === 'function' ? routes : findRoute(routes, request.method, path);
    const answer = typeof route === 'function' ? await route(call) : (route ?? NOT_FOUND);
    return answer instanceof Response ? answer : reply(answer[0], { statusCode: answer[0], result: answer[1] });
  });
  return calls;
}
