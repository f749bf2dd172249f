import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { APP_NAME_HEADER, DEFAULT_PROFILE, TENANT_HEADER, type PortalProfile } from '@suite/shared/contracts';
import { defaultRegistry } from '@suite/shared/federation';
import { describeEachBackend, json } from '../../../test/harness';
import { parseCsp } from '../../http/security-headers';
import { BRAND_PUBLIC_DIR } from './brand/location';
import { acceptedEncodings, cacheControlFor, resolveInside } from './files';
import { inlineBrandImage, signInSkeleton } from './skeleton';
import { remotesRegistry } from './routes';

/** A built chunk and its precompressed variants, as shared/tools/webpack.cjs writes them. */
const CHUNK = `export const words = [${Array.from({ length: 200 }, (_, i) => `"word${i}"`).join(',')}];`;

const INDEX = '<!doctype html><html><head><title>Suite</title></head><body><div id="root"></div></body></html>';

/** INDEX as served: with the reply's style nonce in a meta element. */
const servedIndex = (nonce: string) =>
  `<!doctype html><html><head><meta property="csp-nonce" content="${nonce}" /><title>Suite</title></head><body><div id="root"></div></body></html>`;

/** A sign-in document with its skeleton taken out again: the page as built, with its nonce. */
const withoutSkeleton = (body: string) =>
  body
    .replace(/ lang="[a-z]{2}"/, '')
    .replace(/<link rel="preload"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, '<title>Suite</title>')
    .replace(/<style nonce="[^"]*">[^<]*<\/style>/, '')
    .replace(/<div id="root">.*<\/div><\/body>/, '<div id="root"></div></body>');

/** The style nonce of a reply's Content-Security-Policy. */
function styleNonce(headers: Record<string, unknown>): string {
  const source = parseCsp(headers['content-security-policy'] as string)['style-src'].find((s) => s.startsWith("'nonce-")) ?? '';
  return source.slice("'nonce-".length, -1);
}

function makeStaticRoot(): { root: string; remotesJson: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-static-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write('host-shell/dist/index.html', INDEX);
  write('host-shell/dist/main.3f2a1b9c.js', 'console.log("host")');
  write('host-shell/dist/favicon.ico', 'ico');
  write('host-shell/dist/assets/logo.png', 'png');
  write('mfe-users/dist/mf-manifest.json', '{"id":"mfe_users"}');
  write('mfe-users/dist/remoteEntry.js', 'var mfe_users = 1;');
  write('mfe-users/dist/__federation_expose_App.a1b2c3d4e5f6.js', 'export default 1');
  write('mfe-users/dist/chunk.0a1b2c3d4e5f.js', CHUNK);
  fs.writeFileSync(path.join(root, 'mfe-users/dist/chunk.0a1b2c3d4e5f.js.br'), brotliCompressSync(CHUNK));
  fs.writeFileSync(path.join(root, 'mfe-users/dist/chunk.0a1b2c3d4e5f.js.gz'), gzipSync(CHUNK));
  write('secret.txt', 'outside every dist');
  // mfe-auth and the other remotes are "not built": no dist folder at all
  const remotesJson = path.join(root, 'remotes.json');
  fs.writeFileSync(
    remotesJson,
    JSON.stringify({ mfe_users: 'https://cdn.example.com/mfe-users/mf-manifest.json', mfe_extra: '/mfe/extra/mf-manifest.json' }),
  );
  return { root, remotesJson };
}

const fixture = makeStaticRoot();
afterAll(() => fs.rmSync(fixture.root, { recursive: true, force: true }));

describeEachBackend(
  'static files, registry and document headers',
  (server) => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      server().app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...headers } });

    it('serves the host index.html at / with no-cache and the fallback application header', async () => {
      const response = await get('/', { host: 'localhost:8080' });
      expect(response.statusCode).toBe(200);
      expect(withoutSkeleton(response.body)).toBe(servedIndex(styleNonce(response.headers)));
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers[APP_NAME_HEADER]).toBe('ibuhoo');
      expect(response.headers[TENANT_HEADER]).toBeUndefined();
    });

    it('falls back to index.html for client routes, with the application and tenant of the host', async () => {
      const firmaya = await get('/login', { host: 'firmaya.localhost:8080' });
      expect(firmaya.statusCode).toBe(200);
      expect(withoutSkeleton(firmaya.body)).toBe(servedIndex(styleNonce(firmaya.headers)));
      expect(firmaya.headers[APP_NAME_HEADER]).toBe('firmaya');
      expect(firmaya.headers[TENANT_HEADER]).toBeUndefined();

      const brazil = await get('/Users/deep/link?x=1', { host: 'bmsbra.bemyself.localhost:8080' });
      expect(brazil.statusCode).toBe(200);
      expect(brazil.body).toBe(servedIndex(styleNonce(brazil.headers)));
      expect(brazil.headers[APP_NAME_HEADER]).toBe('bemyself');
      expect(brazil.headers[TENANT_HEADER]).toBe('bmsbra');

      const letmi = await get('/login', { host: 'letmicert.license.localhost' });
      expect([letmi.headers[APP_NAME_HEADER], letmi.headers[TENANT_HEADER]]).toEqual(['license', 'letmicert']);

      const unknown = await get('/login', { host: 'nope.localhost' });
      expect(unknown.headers[APP_NAME_HEADER]).toBe('ibuhoo');
    });

    it('gives each page reply its own style nonce, in the policy and in the page, and no validator', async () => {
      const [first, second] = [await get('/login'), await get('/index.html')];
      const nonces = [styleNonce(first.headers), styleNonce(second.headers)];
      expect(nonces[0]).toHaveLength(24);
      expect(nonces[0]).not.toBe(nonces[1]);
      expect(first.body).toContain(`<meta property="csp-nonce" content="${nonces[0]}" />`);
      expect(second.body).toContain(`<meta property="csp-nonce" content="${nonces[1]}" />`);
      expect(first.headers.etag).toBeUndefined();
      expect(second.headers['cache-control']).toBe('no-cache');
      const csp = parseCsp(first.headers['content-security-policy'] as string);
      expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example.com']);
    });

    it('answers HEAD for documents with the same headers', async () => {
      const response = await server().app.inject({ method: 'HEAD', url: '/login', headers: { host: 'firmaya.localhost:8080' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers[APP_NAME_HEADER]).toBe('firmaya');
      expect(response.body).toBe('');
    });

    it('follows HOST_MAP for production host names', async () => {
      const response = await get('/login', { host: 'firma.example.com' });
      expect(response.headers[APP_NAME_HEADER]).toBe('firmaya');
    });

    it('serves content-hashed files as immutable and other files as no-cache, without document headers', async () => {
      const hashed = await get('/main.3f2a1b9c.js', { accept: '*/*' });
      expect(hashed.statusCode).toBe(200);
      expect(hashed.body).toBe('console.log("host")');
      expect(hashed.headers['content-type']).toMatch(/^text\/javascript/);
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(hashed.headers[APP_NAME_HEADER]).toBeUndefined();

      const logo = await get('/assets/logo.png', { accept: 'image/*' });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.headers['cache-control']).toBe('no-cache');
    });

    it('answers 404 for a missing asset instead of index.html', async () => {
      const response = await get('/missing.0123abcd.js', { accept: '*/*' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<html');
    });

    it('revalidates with ETag: 304 when unchanged', async () => {
      const first = await get('/main.3f2a1b9c.js', { accept: '*/*' });
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await get('/main.3f2a1b9c.js', { accept: '*/*', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it("serves each remote's dist under /mfe/<slug>/ with the entry files never cached", async () => {
      const manifest = await get('/mfe/users/mf-manifest.json', { accept: '*/*' });
      expect(manifest.statusCode).toBe(200);
      expect(json(manifest)).toEqual({ id: 'mfe_users' });
      expect(manifest.headers['cache-control']).toBe('no-cache');

      const entry = await get('/mfe/users/remoteEntry.js', { accept: '*/*' });
      expect(entry.statusCode).toBe(200);
      expect(entry.headers['cache-control']).toBe('no-cache');

      const chunk = await get('/mfe/users/__federation_expose_App.a1b2c3d4e5f6.js', { accept: '*/*' });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('sends the precompressed variant the request accepts: brotli, else gzip, else the file itself', async () => {
      const url = '/mfe/users/chunk.0a1b2c3d4e5f.js';
      const br = await get(url, { accept: '*/*', 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toMatch(/^text\/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(CHUNK.length);
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(CHUNK);

      const gzip = await get(url, { accept: '*/*', 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(CHUNK);

      const notBr = await get(url, { accept: '*/*', 'accept-encoding': 'br;q=0, gzip;q=0.5' });
      expect(notBr.headers['content-encoding']).toBe('gzip');

      for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<string, string>[]) {
        const identity = await get(url, { accept: '*/*', ...headers });
        expect(identity.statusCode).toBe(200);
        expect(identity.headers['content-encoding']).toBeUndefined();
        expect(identity.headers.vary).toMatch(/accept-encoding/i);
        expect(identity.body).toBe(CHUNK);
      }
    });

    it('gives each variant its own ETag', async () => {
      const url = '/mfe/users/chunk.0a1b2c3d4e5f.js';
      const br = await get(url, { accept: '*/*', 'accept-encoding': 'br' });
      const plain = await get(url, { accept: '*/*' });
      expect(br.headers.etag).not.toBe(plain.headers.etag);
      const again = await get(url, { accept: '*/*', 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.headers['content-encoding']).toBe('br');
    });

    it('serves a rebuilt remote at once, without restart', async () => {
      const file = path.join(fixture.root, 'mfe-users/dist/remoteEntry.js');
      const before = await get('/mfe/users/remoteEntry.js', { accept: '*/*' });
      fs.writeFileSync(file, 'var mfe_users = 2; // rebuilt');
      const after = await get('/mfe/users/remoteEntry.js', { accept: '*/*' });
      expect(before.body).toBe('var mfe_users = 1;');
      expect(after.body).toBe('var mfe_users = 2; // rebuilt');
      fs.writeFileSync(file, 'var mfe_users = 1;');
    });

    it('answers 404 for a remote that is not built and for unknown remotes', async () => {
      expect((await get('/mfe/auth/mf-manifest.json', { accept: '*/*' })).statusCode).toBe(404);
      expect((await get('/mfe/nope/mf-manifest.json', { accept: '*/*' })).statusCode).toBe(404);
      // never index.html under /mfe, even for HTML requests
      expect((await get('/mfe/auth/')).statusCode).toBe(404);
    });

    it('never serves files outside the dist folders', async () => {
      for (const url of [
        '/mfe/users/..%2f..%2fsecret.txt',
        '/mfe/users/%2e%2e/%2e%2e/secret.txt',
        '/..%2fsecret.txt',
        '/%2e%2e/%2e%2e/secret.txt',
        '/mfe/users/..%5c..%5csecret.txt',
      ]) {
        const response = await get(url, { accept: '*/*' });
        expect(response.body).not.toContain('outside every dist');
      }
    });

    it('answers unknown /api routes with the 404 envelope, any method', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await server().app.inject({ method, url: '/api/does/not/exist', headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(404);
        expect(json(response)).toEqual({ statusCode: 404, result: { information: expect.any(String), informationCode: 'R404' } });
      }
      expect((await get('/.well-known/nope')).statusCode).toBe(404);
    });

    it('serves /remotes.json: the default registry overlaid with REMOTES_JSON, never cached', async () => {
      const response = await get('/remotes.json', { accept: 'application/json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(json(response)).toEqual({
        ...defaultRegistry(),
        mfe_users: 'https://cdn.example.com/mfe-users/mf-manifest.json',
        mfe_extra: '/mfe/extra/mf-manifest.json',
      });
    });

    it("paints the sign-in card's skeleton in the page's profile: title, colours, language, nonce'd style", async () => {
      const response = await get('/login', { host: 'firmaya.localhost' });
      const { profile } = json<{ profile: PortalProfile }>(
        await get('/config.json', { accept: 'application/json', host: 'firmaya.localhost' }),
      );
      const nonce = styleNonce(response.headers);
      const body = response.body;
      expect(body).toContain(`<title>${profile.title}</title>`);
      expect(body).toContain(`<html lang="${profile.defaultLanguage}">`);
      // one style element, carrying the reply's nonce, with the profile's page and card colours
      expect(body.match(/<style\b[^>]*>/g)).toEqual([`<style nonce="${nonce}">`]);
      const style = /<style[^>]*>([^<]*)<\/style>/.exec(body)?.[1] ?? '';
      expect(style).toContain(`background:${profile.colors.background}`);
      expect(style).toContain(`background:${profile.colors.surface}`);
      expect(style).toContain('@media (prefers-reduced-motion:reduce)');
      // inside the React root: busy, with the loading text for screen readers
      expect(body).toMatch(
        /<div id="root"><div class="sk-(page|grid)" aria-busy="true"><span class="sk-vh" role="status">Cargando…<\/span>/,
      );
      // the screen's own logo, at its width
      const slot = profile.signInVariant === 'twoColumn' ? 'white' : 'signIn';
      const inline = `data:image/svg+xml;base64,${fs.readFileSync(path.join(BRAND_PUBLIC_DIR, profile.logos[slot].slice('/brand/'.length))).toString('base64')}`;
      expect(body).toContain(`<img class="sk-logo" src="${inline}" alt="" width="${profile.logoWidth}" />`);
      expect(body).not.toContain('<link rel="preload"');
      // firmaya's sign-in asks for the captcha (its captchaApply parameter): the card keeps its row; ibuhoo's does not
      expect(body).toContain('class="sk-bar sk-captcha"');
      expect((await get('/login', { host: 'ibuhoo.localhost' })).body).not.toContain('class="sk-bar sk-captcha"');
      // nothing the policy refuses: no script element, no style attribute
      expect(body).not.toMatch(/<script|\sstyle=/i);
      const csp = parseCsp(response.headers['content-security-policy'] as string);
      expect(csp['style-src']).toEqual(["'self'", `'nonce-${nonce}'`, 'https://cdn.example.com']);
      expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example.com']);
    });

    it("speaks the tenant's default language and leaves console routes, files and the appearance preview as built", async () => {
      const brazil = await get('/', { host: 'bmsbra.bemyself.localhost' });
      expect(brazil.body).toContain('<html lang="pt">');
      expect(brazil.body).toContain('>Carregando…</span>');
      for (const url of ['/users', '/index.html', '/login?appearancePreview=1']) {
        const page = await get(url, { host: 'firmaya.localhost' });
        expect(page.statusCode).toBe(200);
        expect(page.body).toBe(servedIndex(styleNonce(page.headers)));
      }
    });

    it('escapes a hostile title and ignores a colour that is not one', async () => {
      const { db, app } = server();
      const row = await db
        .selectFrom('applications')
        .select(['id', 'title', 'appearance'])
        .where('name', '=', 'confronta')
        .executeTakeFirstOrThrow();
      const appearance = row.appearance as Record<string, any>;
      const hostile = {
        ...appearance,
        colors: { ...appearance.colors, background: 'red}</style><script>alert(1)</script>' },
        logos: { ...appearance.logos, signIn: '/x"><script>alert(2)</script>', white: '//evil.example/logo.svg' },
        background: '/bg.png");}</style><script>alert(3)</script>',
      };
      try {
        await db
          .updateTable('applications')
          .set({ title: `</title><script>alert("x")</script>$&$'`, appearance: JSON.stringify(hostile) })
          .where('id', '=', row.id)
          .execute();
        app.ctx.directory.invalidate();
        const page = await get('/login', { host: 'confronta.localhost' });
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toMatch(/<script/i);
        const title = '&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;$&amp;$&#39;';
        expect(page.body).toContain(`<title>${title}</title>`);
        expect(page.body).toContain(`<p class="sk-title" aria-hidden="true">${title}</p>`);
        expect(page.body).toContain('background:#f5f5f5');
        expect(page.body.match(/<\/style>/g)).toHaveLength(1);
        expect(page.body).not.toMatch(/<img|<link|evil\.example|url\(/);
      } finally {
        await db
          .updateTable('applications')
          .set({ title: row.title, appearance: JSON.stringify(appearance) })
          .where('id', '=', row.id)
          .execute();
        app.ctx.directory.invalidate();
      }
    });

    it("serves /config.json with the payload key and the portal profile of the page's host, never cached", async () => {
      const response = await get('/config.json', { accept: 'application/json', host: 'firmaya.localhost' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const body = json(response);
      expect(body).toEqual({
        payloadKey: server().app.ctx.payloadKey,
        profile: expect.objectContaining({ app: 'firmaya', title: 'Firmaya' }),
      });
      expect(body.payloadKey.length).toBeGreaterThanOrEqual(32);
    });
  },
  () => ({
    staticRoot: fixture.root,
    remotesJson: fixture.remotesJson,
    hostMap: { 'firma.example.com': { app: 'firmaya' } },
  }),
);

describe('sign-in skeleton logo', () => {
  const profile = (logo: string) => ({
    ...DEFAULT_PROFILE,
    signInVariant: 'classic' as const,
    logos: { ...DEFAULT_PROFILE.logos, signIn: logo },
  });

  it('inlines only small brand images and preloads any other same-origin logo', async () => {
    const [dir, big] = [fixture.root, path.join(fixture.root, 'big.svg')];
    fs.writeFileSync(big, `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(5000)}</svg>`);
    expect(await inlineBrandImage('/brand/big.svg', dir)).toBeUndefined();
    expect(await inlineBrandImage('/brand/../secret.txt', path.join(dir, 'host-shell'))).toBeUndefined();
    expect(await inlineBrandImage('/elsewhere/logo.svg', dir)).toBeUndefined();
    const small = await inlineBrandImage('/brand/ibuhoo/logo-white.svg', BRAND_PUBLIC_DIR);
    expect(small).toMatch(/^data:image\/svg\+xml;base64,/);

    const byUrl = signInSkeleton(profile('/brand/big.svg'), 'n');
    expect(byUrl.preload).toBe('<link rel="preload" as="image" href="/brand/big.svg" fetchpriority="high" />');
    expect(byUrl.body).toContain('<img class="sk-logo" src="/brand/big.svg"');
    const inlined = signInSkeleton(profile('/brand/ibuhoo/logo-white.svg'), 'n', small);
    expect(inlined.preload).toBe('');
    expect(inlined.body).toContain(`<img class="sk-logo" src="${small}"`);
  });
});

describe('sign-in skeleton rows', () => {
  const rows = (body: string, row: string) => body.split(`class="sk-bar ${row}"`).length - 1;
  const look = (changes: Partial<typeof DEFAULT_PROFILE>) => ({ ...DEFAULT_PROFILE, ...changes });

  it("has the rows of the variant's form, so the card does not change size when the screen replaces it", () => {
    const classic = signInSkeleton(look({ signInVariant: 'classic' }), 'n').body;
    expect(rows(classic, 'sk-label')).toBe(2);
    expect(classic).not.toContain('sk-captcha');
    expect(classic).not.toContain('sk-outline');
    const certificate = signInSkeleton(look({ signInVariant: 'certificate', externalSignIn: true }), 'n', undefined, {
      captcha: true,
    }).body;
    expect(rows(certificate, 'sk-label')).toBe(3);
    expect(rows(certificate, 'sk-captcha')).toBe(1);
    expect(rows(certificate, 'sk-outline')).toBe(1);
  });

  it('keeps the place of the bar above the card: the language bar, the theme switch', () => {
    expect(signInSkeleton(look({ signInVariant: 'translated' }), 'n').body).toContain(
      '<div class="sk-top" aria-hidden="true"></div><div class="sk-main">',
    );
    expect(signInSkeleton(look({ signInVariant: 'myself', colorModeSwitch: true }), 'n').body).toContain(
      '<div class="sk-top sk-switch" aria-hidden="true"></div>',
    );
    expect(signInSkeleton(look({ signInVariant: 'myself', colorModeSwitch: false }), 'n').body).not.toContain('sk-top');
    expect(signInSkeleton(look({ signInVariant: 'classic' }), 'n').body).not.toContain('sk-top');
  });
});

describe('cache policy', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['remoteEntry.js', 'no-cache'],
    ['favicon.ico', 'no-cache'],
    ['main.js', 'no-cache'],
    ['vendor.1234567.js', 'no-cache'], // 7 hex characters are not a content hash
    ['main.3f2a1b9c.js', 'public, max-age=31536000, immutable'],
    ['123.a1b2c3d4e5f60718.chunk.js', 'public, max-age=31536000, immutable'],
    ['styles-0123456789abcdef.css', 'public, max-age=31536000, immutable'],
    ['logo.deadbeef.svg', 'public, max-age=31536000, immutable'],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('acceptedEncodings', () => {
  it('reads codings and their weights', () => {
    const chrome = acceptedEncodings('gzip, deflate, br, zstd');
    expect(['br', 'gzip', 'identity'].map(chrome)).toEqual([true, true, false]);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')('br')).toBe(false);
    expect(acceptedEncodings('*')('br')).toBe(true);
    expect(acceptedEncodings('*, br;q=0')('br')).toBe(false);
    expect(acceptedEncodings(undefined)('gzip')).toBe(false);
    expect(acceptedEncodings('GZIP')('gzip')).toBe(true);
  });
});

describe('resolveInside', () => {
  it('keeps paths inside the root', () => {
    expect(resolveInside('/srv/dist', 'a/b.js')).toBe('/srv/dist/a/b.js');
    expect(resolveInside('/srv/dist', 'a%20b.js')).toBe('/srv/dist/a b.js');
    expect(resolveInside('/srv/dist', '../x')).toBe('/srv/dist/x');
    expect(resolveInside('/srv/dist', '%2e%2e/%2e%2e/etc/passwd')).toBe('/srv/dist/etc/passwd');
    expect(resolveInside('/srv/dist', 'a%00b')).toBeUndefined();
    expect(resolveInside('/srv/dist', '%E0%A4%A')).toBeUndefined();
    expect(resolveInside('/srv/dist', '..%5c..%5cx')).toBeUndefined();
  });
});

describe('remotesRegistry', () => {
  it('falls back to the defaults when REMOTES_JSON is missing or invalid', async () => {
    expect(await remotesRegistry(undefined)).toEqual(defaultRegistry());
    expect(await remotesRegistry('/nonexistent/remotes.json')).toEqual(defaultRegistry());
    const bad = path.join(fixture.root, 'bad.json');
    fs.writeFileSync(bad, '["not", "an", "object"]');
    expect(await remotesRegistry(bad)).toEqual(defaultRegistry());
  });
});
