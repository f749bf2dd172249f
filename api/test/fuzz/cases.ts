import { type Rng, shuffle } from './prng';

/** A registered route as Fastify's onRoute hook reports it. */
export interface RouteInfo {
  method: string;
  url: string;
}

/**
 * A valid example request of a route: the fuzzer breaks one part of it at a time, so the other
 * parts get past validation and the broken one reaches deeper code.
 */
export interface Seed {
  /** A valid body; `n` is unique per case (user names and e-mails that must not repeat). */
  body?: (n: number) => Record<string, unknown>;
  /** The headers the route reads, with valid values. */
  headers?: Record<string, string>;
  /** Valid path parameters (`*` for the wildcard). */
  params?: Record<string, string>;
  /** Fewer random cases than the default, for routes whose valid requests verify passwords (argon2 is slow on purpose). */
  extra?: number;
}

export type HeaderValue = string | string[];

export interface FuzzCase {
  family: string;
  name: string;
  /** `inject` (light-my-request); `http`: a real socket, for paths the WHATWG URL parser would normalise (`..`). */
  transport: 'inject' | 'http';
  method: string;
  path: string;
  headers: Record<string, HeaderValue>;
  payload?: string | Buffer;
  /** The input breaks the route's contract: a 2xx to it on a write route is worth a look. */
  invalid: boolean;
}

/** Headers the API reads somewhere (grep `request.headers` and the header contracts), sent to every route. */
export const APP_HEADERS = [
  'appname',
  'tenant',
  'tenantlanguage',
  'user',
  'token',
  'option',
  'currentapp',
  'customersearch',
  'pages',
  'filterby',
  'pid',
  'code',
  'userid',
  'app',
  'application',
  'parametertype',
  'connectionid',
  'user-agent',
  'accept',
  'accept-language',
  'if-none-match',
  'x-request-id',
  'cookie',
] as const;

const NUL = 'a\u0000b';
const CONTROL = '\u0001\u0002\u0007\b\u000b\f\u001b[0m\u007f\u0085\u2028\u2029';
const HUGE = 'x'.repeat(100 * 1024);
/** Just under Node's 16 KiB limit for the whole header section. */
const HUGE_HEADER = 'h'.repeat(15_000);
const DEPTH = 10_000;

/** Hostile values for a header. */
const HEADER_VALUES: { name: string; value: HeaderValue }[] = [
  { name: 'nul', value: NUL },
  { name: 'control', value: CONTROL },
  { name: 'huge', value: HUGE_HEADER },
  { name: 'empty', value: '' },
  { name: 'blank', value: '   ' },
  { name: 'repeated', value: ['a', 'b'] },
  { name: 'latin1 bytes', value: '\u00ff\u00fe\u00c3(' },
  { name: 'bad percent', value: '%E0%A4%A%ZZ' },
  { name: 'percent nul', value: '%00' },
  { name: 'non-latin1', value: '日本語\u202e' },
  { name: 'sql', value: "' or '1'='1" },
  { name: 'json', value: '{"$ne":null}' },
  { name: 'number-like', value: '1e400' },
  { name: 'traversal', value: '../../etc/passwd' },
  { name: 'uuid-like', value: '00000000-0000-0000-0000-00000000000g' },
  { name: 'trailing backslash', value: 'a\\' },
  { name: 'like wildcards', value: '%_%\\_' },
  { name: 'regex meta', value: '([*+?{\\' },
];

/** Hostile values for a body field (JSON). */
const VALUE_MUTATIONS: { name: string; value: unknown }[] = [
  { name: 'null', value: null },
  { name: 'zero', value: 0 },
  { name: 'negative', value: -1 },
  { name: 'fraction', value: 1.5 },
  { name: 'huge number', value: 1e308 },
  { name: 'int overflow', value: 2147483648 },
  { name: 'true', value: true },
  { name: 'array', value: [] },
  { name: 'object', value: {} },
  { name: 'operator object', value: { $ne: null } },
  { name: 'empty string', value: '' },
  { name: 'blank string', value: '  ' },
  { name: '100 kB string', value: HUGE },
  { name: 'nul', value: NUL },
  { name: 'control', value: CONTROL },
  { name: 'lone surrogate', value: '\ud800x\udfff' },
  { name: 'sql', value: "' or 1=1 --" },
  { name: 'traversal', value: '../../etc/passwd' },
  { name: 'long digits', value: '9'.repeat(400) },
  { name: 'exponent string', value: '1e999' },
  { name: 'NaN string', value: 'NaN' },
  { name: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
  { name: 'markup', value: '<img src=x onerror=alert(1)>' },
  { name: 'trailing backslash', value: 'a\\' },
  { name: 'like wildcards', value: '%_%\\_' },
  { name: 'regex meta', value: '([*+?{\\' },
];

const MALFORMED_JSON = [
  '{',
  '{"a":1',
  '{"a":}',
  "{'a':1}",
  '[1,]',
  'nul',
  '{"a":1}garbage',
  '{"a":1,}',
  '\u0000',
  '',
  ' ',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
];
const WRONG_JSON = ['null', 'true', '0', '-1e400', '"text"', '[]', '[{}]', '{}', '[null]'];
const PROTO_JSON = ['{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}'];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/xml',
  'application/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  'application/json; boundary=--x; charset="',
  '*/*',
];

const PATH_VALUES: { name: string; value: string; http?: boolean }[] = [
  { name: 'percent nul', value: '%00' },
  { name: 'dot dot', value: '..', http: true },
  // deep enough to reach / from any root (the static roots live in a temporary directory)
  { name: 'traversal', value: `${'../'.repeat(16)}etc/passwd`, http: true },
  { name: 'encoded traversal', value: `${'..%2f'.repeat(16)}etc%2fpasswd`, http: true },
  { name: 'dot-encoded traversal', value: `${'%2e%2e/'.repeat(16)}etc/passwd`, http: true },
  { name: 'overlong traversal', value: `${'%c0%ae%c0%ae/'.repeat(16)}etc/passwd` },
  { name: 'backslash traversal', value: `${'..\\'.repeat(16)}etc\\passwd`, http: true },
  { name: 'long', value: 'p'.repeat(8000) },
  { name: 'bad percent', value: '%ZZ%' },
  { name: 'nul before extension', value: 'index.html%00.png' },
  { name: 'json suffix', value: '.json' },
  { name: 'digits', value: '9'.repeat(40) },
  { name: 'negative', value: '-1' },
  { name: 'bidi', value: '%E2%80%AE' },
  { name: 'double slash', value: '/x//y' },
];

const QUERIES: { name: string; query: (names: string[]) => string }[] = [
  { name: 'repeated params', query: (names) => [...names, 'a'].flatMap((n) => [`${n}=1`, `${n}=2`, `${n}=`]).join('&') },
  { name: 'array params', query: (names) => [...names, 'a'].flatMap((n) => [`${n}[]=1`, `${n}[0]=x`, `${n}[a][b]=y`]).join('&') },
  { name: 'prototype pollution', query: () => '__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__.polluted=1' },
  { name: 'bad percent', query: () => '%ZZ=%ZZ&a=%E0%A4%A' },
  { name: 'percent nul', query: (names) => [...names, 'q'].map((n) => `${n}=%00`).join('&') },
  { name: 'huge value', query: () => `q=${'x'.repeat(16_000)}` },
  { name: 'many params', query: () => Array.from({ length: 2000 }, (_, i) => `k${i}=v`).join('&') },
  { name: 'odd numbers', query: () => 'negotiateVersion=1e400&negotiateVersion=NaN&id=-0&page=99999999999999999999' },
];

/** Families that break the body; the others send the seed body with something else broken. */
const BODY_FAMILIES = new Set(['json', 'nesting', 'huge', 'content-type', 'utf-8', 'fields']);

const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';

/** The route's path with its parameters filled in (seed values, else `fuzz`). */
export function concretePath(url: string, params: Record<string, string> = {}, replace?: { name: string; value: string }): string {
  return url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        const name = segment.slice(1);
        return replace?.name === name ? replace.value : (params[name] ?? 'fuzz');
      }
      if (segment === '*') return replace?.name === '*' ? replace.value : (params['*'] ?? 'fuzz');
      return segment;
    })
    .join('/');
}

function paramNames(url: string): string[] {
  return url.split('/').flatMap((s) => (s.startsWith(':') ? [s.slice(1)] : s === '*' ? ['*'] : []));
}

type Path = (string | number)[];

/** Every field of a body, depth first; arrays contribute their first element. */
function fieldPaths(value: unknown, prefix: Path = []): { path: Path; value: unknown }[] {
  const out: { path: Path; value: unknown }[] = [];
  if (Array.isArray(value)) {
    if (value.length) {
      out.push({ path: [...prefix, 0], value: value[0] });
      out.push(...fieldPaths(value[0], [...prefix, 0]));
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push({ path: [...prefix, k], value: v });
      out.push(...fieldPaths(v, [...prefix, k]));
    }
  }
  return out;
}

const REMOVE = Symbol('remove');

function setAt(body: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: any = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  const last = path[path.length - 1];
  if (value === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

const label = (path: Path) => path.join('.');

function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 123;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return { 0: value[0] };
  if (value && typeof value === 'object') return [value];
  return 'text';
}

/** JSON text with each marker string replaced by raw bytes (invalid UTF-8 inside strings). */
function withBytes(json: string, marker: string, bytes: Buffer): Buffer {
  const parts = json.split(marker);
  return Buffer.concat(parts.flatMap((p, i) => (i === 0 ? [Buffer.from(p)] : [bytes, Buffer.from(p)])));
}

const INVALID_UTF8 = [
  { name: 'stray bytes', bytes: Buffer.from([0xff, 0xfe]) },
  { name: 'truncated sequence', bytes: Buffer.from([0x61, 0xc3]) },
  { name: 'overlong slash', bytes: Buffer.from([0xc0, 0xaf]) },
  { name: 'encoded surrogate', bytes: Buffer.from([0xed, 0xa0, 0x80]) },
];

export interface CaseList {
  /** The seed request itself, unbroken. */
  valid: FuzzCase;
  /** Run always: the coverage the task promises (NUL and control characters in every field and header, …). */
  required: FuzzCase[];
  /** Drawn at random (seeded) up to the per-route budget. */
  optional: FuzzCase[];
}

export interface CaseContext {
  route: RouteInfo;
  seed: Seed;
  /** Unique per body (see Seed.body). */
  next: () => number;
  /** The admin's access token in the authenticated pass; undefined unauthenticated. */
  adminToken?: string;
}

/** Every case of a route in one pass (authenticated or not); the runner adds the admin's Authorization. */
export function casesFor({ route, seed, next, adminToken }: CaseContext): CaseList {
  const required: FuzzCase[] = [];
  const optional: FuzzCase[] = [];
  const { method, url } = route;
  const path = concretePath(url, seed.params);
  const seedHeaders = seed.headers ?? {};
  const body = seed.body;
  const bodyAllowed = hasBody(method) || method === 'OPTIONS';
  const json = { 'content-type': 'application/json' };

  const make = (
    family: string,
    name: string,
    parts: {
      path?: string;
      headers?: Record<string, HeaderValue>;
      payload?: string | Buffer;
      transport?: 'inject' | 'http';
      method?: string;
    },
  ): FuzzCase => ({
    family,
    name,
    transport: parts.transport ?? 'inject',
    method: parts.method ?? method,
    path: parts.path ?? path,
    headers: { ...seedHeaders, ...(parts.headers ?? {}) },
    ...(parts.payload !== undefined ? { payload: parts.payload } : {}),
    invalid: BODY_FAMILIES.has(family),
  });
  /** The seed body (or an empty object) as JSON, for cases that break something else. */
  const validBody = () => (bodyAllowed ? { payload: JSON.stringify(body ? body(next()) : {}), headers: json } : {});

  // --- bodies: malformed, wrong-typed, nested, huge, invalid UTF-8, odd content types
  if (bodyAllowed) {
    const [firstMalformed, ...restMalformed] = MALFORMED_JSON;
    required.push(make('json', `malformed ${JSON.stringify(firstMalformed)}`, { payload: firstMalformed, headers: json }));
    for (const text of restMalformed) optional.push(make('json', `malformed ${JSON.stringify(text)}`, { payload: text, headers: json }));
    for (const text of WRONG_JSON)
      (text === 'null' || text === '[]' ? required : optional).push(make('json', `top-level ${text}`, { payload: text, headers: json }));
    for (const text of PROTO_JSON) required.push(make('json', `prototype ${text}`, { payload: text, headers: json }));
    required.push(make('nesting', `array depth ${DEPTH}`, { payload: '['.repeat(DEPTH) + ']'.repeat(DEPTH), headers: json }));
    required.push(make('nesting', `object depth ${DEPTH}`, { payload: '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH), headers: json }));
    required.push(make('huge', 'body over the 1 MiB limit', { payload: `{"a":"${'x'.repeat(1100 * 1024)}"}`, headers: json }));
    required.push(make('content-type', 'no content type', { payload: JSON.stringify(body ? body(next()) : {}) }));
    for (const type of CONTENT_TYPES) {
      const c = make('content-type', type, { payload: JSON.stringify(body ? body(next()) : { a: 1 }), headers: { 'content-type': type } });
      (type === 'text/plain' || type === 'multipart/form-data' ? required : optional).push(c);
    }
    for (const { name, bytes } of INVALID_UTF8) {
      const text = JSON.stringify(body ? body(next()) : { a: 'MARK' }).replace(/"([^"\\]*)"(?=\s*[,}\]])/g, '"$1MARK"');
      (name === 'stray bytes' ? required : optional).push(
        make('utf-8', `${name} in every string`, { payload: withBytes(text, 'MARK', bytes), headers: json }),
      );
    }

    if (body) {
      const sample = body(0);
      const fields = fieldPaths(sample);
      const strings = fields.filter((f) => typeof f.value === 'string');
      // the whole body at once: every string NUL / control / 100 kB
      for (const [name, value] of [
        ['nul', NUL],
        ['control', CONTROL],
        ['100 kB', HUGE],
      ] as const) {
        let b = body(next());
        for (const f of strings) b = setAt(b, f.path, value);
        required.push(make('fields', `${name} in every string field`, { payload: JSON.stringify(b), headers: json }));
      }
      for (const f of fields) {
        const at = label(f.path);
        if (typeof f.value === 'string') {
          required.push(make('fields', `${at}: nul`, { payload: JSON.stringify(setAt(body(next()), f.path, NUL)), headers: json }));
          required.push(make('fields', `${at}: control`, { payload: JSON.stringify(setAt(body(next()), f.path, CONTROL)), headers: json }));
        }
        required.push(
          make('fields', `${at}: wrong type`, { payload: JSON.stringify(setAt(body(next()), f.path, wrongType(f.value))), headers: json }),
        );
        optional.push(make('fields', `${at}: missing`, { payload: JSON.stringify(setAt(body(next()), f.path, REMOVE)), headers: json }));
        for (const m of VALUE_MUTATIONS) {
          if (m.name === 'nul' || m.name === 'control') continue;
          optional.push(
            make('fields', `${at}: ${m.name}`, { payload: JSON.stringify(setAt(body(next()), f.path, m.value)), headers: json }),
          );
        }
        const marker = '"__DEEP__"';
        optional.push(
          make('nesting', `${at}: array depth ${DEPTH}`, {
            payload: JSON.stringify(setAt(body(next()), f.path, '__DEEP__')).replace(marker, '['.repeat(DEPTH) + ']'.repeat(DEPTH)),
            headers: json,
          }),
        );
        for (const { name, bytes } of INVALID_UTF8) {
          if (typeof f.value !== 'string') continue;
          optional.push(
            make('utf-8', `${at}: ${name}`, {
              payload: withBytes(JSON.stringify(setAt(body(next()), f.path, 'a__BYTES__b')), '__BYTES__', bytes),
              headers: json,
            }),
          );
        }
      }
      optional.push(
        make('fields', 'unknown extra fields', { payload: JSON.stringify({ ...body(next()), extra: HUGE, __proto__x: 1 }), headers: json }),
      );
    }
  } else {
    // bodies where none is expected
    optional.push(make('json', `${method} with a malformed JSON body`, { payload: '{"a":', headers: json }));
    optional.push(make('json', `${method} with a deep JSON body`, { payload: '['.repeat(DEPTH) + ']'.repeat(DEPTH), headers: json }));
  }

  // --- headers: the route's own (from its seed) get NUL and control characters each; every
  // header the API reads gets them all at once; the rest at random
  const valid = validBody();
  for (const name of Object.keys(seedHeaders)) {
    for (const { name: what, value } of HEADER_VALUES) {
      const c = make('headers', `${name}: ${what}`, { ...valid, headers: { ...valid.headers, [name]: value } });
      (what === 'nul' || what === 'control' ? required : optional).push(c);
    }
  }
  for (const { name: what, value } of HEADER_VALUES) {
    const all = Object.fromEntries(APP_HEADERS.map((h) => [h, value]));
    const c = make('headers', `every app header: ${what}`, { ...valid, headers: { ...valid.headers, ...all } });
    (what === 'nul' || what === 'control' || what === 'repeated' ? required : optional).push(c);
    for (const h of APP_HEADERS) {
      if (h in seedHeaders) continue;
      optional.push(make('headers', `${h}: ${what}`, { ...valid, headers: { ...valid.headers, [h]: value } }));
    }
  }
  const hosts = [
    'evil.example',
    `${'a'.repeat(250)}.localhost`,
    'bmsbra.bemyself.localhost',
    '[::1]:8080',
    'localhost:abc',
    '',
    'a\u0000.localhost',
    `${'b'.repeat(63)}.${'c'.repeat(63)}.firmaya.localhost:99999`,
  ];
  for (const host of hosts)
    optional.push(make('headers', `host ${JSON.stringify(host.slice(0, 40))}`, { ...valid, headers: { ...valid.headers, host } }));
  optional.push(make('headers', 'huge x-request-id', { ...valid, headers: { ...valid.headers, 'x-request-id': HUGE_HEADER } }));

  // --- authorization: garbage bearer tokens, and in the authenticated pass a tampered admin token
  const authValues: [string, HeaderValue][] = [
    ['bearer garbage', 'Bearer garbage'],
    ['bare bearer', 'Bearer'],
    ['huge bearer', `Bearer ${HUGE_HEADER}`],
    ['three dots', 'Bearer a.b.c'],
    [
      'alg none',
      `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"identifier":"x","privileges":["USERS_WRITE"],"aud":"ibuhoo"}').toString('base64url')}.`,
    ],
    ['basic', 'Basic YWRtaW46YWRtaW4='],
    ['nul', `Bearer ${NUL}`],
    ['repeated', ['Bearer a', 'Bearer b']],
  ];
  if (adminToken) {
    const [h, p, s] = adminToken.split('.');
    authValues.push(['tampered signature', `Bearer ${h}.${p}.${s.slice(0, -4)}AAAA`]);
    authValues.push([
      'tampered claims',
      `Bearer ${h}.${Buffer.from('{"identifier":"00000000-0000-0000-0000-000000000000","privileges":["USERS_WRITE"]}').toString('base64url')}.${s}`,
    ]);
    authValues.push(['token twice', [`Bearer ${adminToken}`, `Bearer ${adminToken}`]]);
  }
  for (const [name, value] of authValues) {
    (name === 'bearer garbage' ? required : optional).push(
      make('authorization', name, { ...valid, headers: { ...valid.headers, authorization: value } }),
    );
  }

  // --- query strings
  const queryNames = Object.keys(seedHeaders);
  for (const q of QUERIES) {
    const c = make('query', q.name, { ...valid, path: `${path}?${q.query(queryNames)}` });
    (q.name === 'repeated params' || q.name === 'array params' || q.name === 'prototype pollution' ? required : optional).push(c);
  }

  // --- paths: every parameter (and the wildcard) gets hostile values; `..` over a real socket
  for (const name of paramNames(url)) {
    for (const p of PATH_VALUES) {
      const c = make('path', `${name} = ${p.name}`, {
        ...valid,
        path: concretePath(url, seed.params, { name, value: p.value }),
        transport: p.http ? 'http' : 'inject',
      });
      (p.name === 'percent nul' || p.name === 'traversal' || p.name === 'encoded traversal' || p.name === 'long'
        ? required
        : optional
      ).push(c);
    }
  }
  optional.push(make('path', 'upper case', { ...valid, path: path.toUpperCase() }));
  optional.push(make('path', 'trailing slash', { ...valid, path: `${path}/` }));

  return { valid: make('seed', 'valid example', valid), required, optional };
}

/** The cases a pass runs: the valid example, the required ones, then `extra` drawn from the rest. */
export function pickCases(list: CaseList, extra: number, rng: Rng): FuzzCase[] {
  return [list.valid, ...list.required, ...shuffle(list.optional, rng).slice(0, extra)];
}

/** Families that reach a route before its privilege check: all an unauthenticated caller of a guarded route can exercise. */
export const BEFORE_AUTH = new Set(['seed', 'json', 'nesting', 'huge', 'content-type', 'utf-8', 'authorization', 'query', 'path']);

/** True when the request carries a NUL character in any form the API decodes (raw, \u0000 in JSON, %00). */
export function carriesNul(c: FuzzCase): boolean {
  const texts = [c.path, ...Object.values(c.headers).flat()];
  if (typeof c.payload === 'string') texts.push(c.payload);
  else if (c.payload) {
    if (c.payload.includes(0)) return true;
    texts.push(c.payload.toString('latin1'));
  }
  return texts.some((t) => t.includes('\u0000') || /%00|\\u0000/i.test(t));
}
