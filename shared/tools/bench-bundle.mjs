#!/usr/bin/env node
/**
 * pnpm bench:bundle — builds for production, starts the suite on a scratch database, loads
 * /login and then /users in Chromium and prints the JavaScript each page transfers, as
 * transferred: the encoded bytes of each response, once as Chromium asks for it (brotli) and
 * once in a browser that accepts gzip only. Split into shared dependencies and each bundle's own
 * code, next to each route's budget as transferred to Chromium, i.e. brotli: /login 200 KB,
 * /users 260 KB, React included (docs/adr/0025). A file that arrives uncompressed is flagged; the
 * exit code is 1 when a route is over its budget.
 *
 * A file is "shared" when it is loaded to supply a shared dependency: listed in a bundle's
 * dist/shared-chunks.json (written by shared/tools/webpack.cjs from webpack's chunk graph, split
 * chunks included) or among a mf-manifest.json's shared-dependency assets; everything else is
 * charged to the bundle that served it (host or /mfe/<slug>/). `--files` lists every file;
 * `--no-build` measures the existing build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Budgets per route, KB of JavaScript as transferred to Chromium (brotli), React included (docs/adr/0025). */
const BUDGETS_KB = { '/login': 200, '/users': 260 };
const PORT = Number(process.env.BENCH_PORT ?? 8191);
const BASE = `http://localhost:${PORT}`;
const PASSWORD = 'Bench#Bundle2026';
const LIST_FILES = process.argv.includes('--files');

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, [join(ROOT, 'shared/tools/suite.mjs'), 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { chromium } = createRequire(join(ROOT, 'e2e/package.json'))('@playwright/test');
const { REMOTES } = createRequire(join(ROOT, 'shared/package.json'))('./dist/federation/index.js');

const dataDir = mkdtempSync(join(tmpdir(), 'suite-bench-'));
const server = spawn(process.execPath, [join(ROOT, 'api/dist/src/main.js')], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SUITE_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_URL: `http://localhost:${PORT}`,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitReady() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('suite did not become ready');
}

/** File paths listed as shared-dependency assets in every manifest (host's and remotes'). */
async function sharedAssetPaths() {
  const paths = new Set();
  const manifests = [['', '/mf-manifest.json'], ...REMOTES.map((r) => [`/mfe/${r.slug}/`, `/mfe/${r.slug}/mf-manifest.json`])];
  const loaded = [];
  for (const [prefix, url] of manifests) {
    const res = await fetch(BASE + url);
    if (!res.ok) continue;
    const manifest = await res.json();
    loaded.push([prefix, manifest]);
    for (const dep of manifest.shared ?? []) {
      for (const file of [...(dep.assets?.js?.sync ?? []), ...(dep.assets?.js?.async ?? [])]) {
        paths.add(`${prefix.replace(/\/$/, '')}/${file}`.replace(/\/+/g, '/'));
      }
    }
  }
  // Split chunks of shared dependencies, which the manifests leave out.
  for (const [prefix, pkg] of [['/', 'host-shell'], ...REMOTES.map((r) => [`/mfe/${r.slug}/`, r.pkg])]) {
    const report = join(ROOT, pkg, 'dist', 'shared-chunks.json');
    if (!existsSync(report)) continue;
    for (const file of JSON.parse(readFileSync(report, 'utf8')).files ?? []) paths.add(`${prefix}${file}`);
  }
  // A chunk a remote's ./App needs up front is that remote's, even when a fallback of a shared
  // dependency would also load it (e.g. a library both use).
  for (const [prefix, manifest] of loaded) {
    for (const expose of manifest.exposes ?? []) {
      for (const file of expose.assets?.js?.sync ?? []) paths.delete(`${prefix.replace(/\/$/, '')}/${file}`.replace(/\/+/g, '/'));
    }
  }
  return paths;
}

function bundleOf(pathname) {
  const m = pathname.match(/^\/mfe\/([^/]+)\//);
  return m ? (REMOTES.find((r) => r.slug === m[1])?.pkg ?? m[1]) : 'host-shell';
}

/** The JavaScript a page load transfers: per file, its encoded (on the wire) size and coding. */
async function transferred(page, path) {
  const files = [];
  const onResponse = (res) => {
    const url = new URL(res.url());
    if (url.origin !== BASE || !/\.m?js$/.test(url.pathname)) return;
    files.push(
      Promise.all([res.finished(), res.allHeaders()]).then(async ([, headers]) => ({
        path: url.pathname,
        bytes: (await res.request().sizes()).responseBodySize,
        encoding: headers['content-encoding'] ?? 'identity',
      })),
    );
  };
  page.on('response', onResponse);
  await page.goto(BASE + path, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  return Promise.all(files);
}

/** Loads `path` in each context (brotli, gzip only) and sums the bytes per bundle. */
async function measure(pages, path, shared) {
  const parts = new Map();
  const listing = new Map();
  for (const [coding, page] of Object.entries(pages)) {
    for (const f of await transferred(page, path)) {
      const key = shared.has(f.path) ? 'shared dependencies' : bundleOf(f.path);
      const part = parts.get(key) ?? { br: 0, gzip: 0 };
      part[coding] += f.bytes;
      parts.set(key, part);
      const row = listing.get(f.path) ?? { key, br: 0, gzip: 0, encodings: new Set() };
      row[coding] = f.bytes;
      row.encodings.add(f.encoding);
      listing.set(f.path, row);
      if (f.encoding !== coding) console.warn(`  ! ${path}: ${f.path} arrived as ${f.encoding}, not ${coding}`);
    }
  }
  if (LIST_FILES) {
    console.log(`\n${path} files (br · gzip)`);
    for (const [file, row] of [...listing.entries()].sort((a, b) => b[1].gzip - a[1].gzip)) {
      console.log(`  ${kb(row.br)} ·${kb(row.gzip)} KB  ${row.key.padEnd(20)} ${file}`);
    }
  }
  return parts;
}

const kb = (n) => (n / 1024).toFixed(1).padStart(7);

function report(route, parts, budgetKb) {
  const total = { br: 0, gzip: 0 };
  for (const part of parts.values()) {
    total.br += part.br;
    total.gzip += part.gzip;
  }
  console.log(`\n${route}${' '.repeat(24 - route.length)}     brotli       gzip`);
  for (const [name, part] of [...parts.entries()].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`  ${name.padEnd(22)}${kb(part.br)} KB ${kb(part.gzip)} KB`);
  }
  const bound = budgetKb ? `   budget ${budgetKb} KB brotli → ${total.br / 1024 <= budgetKb ? 'within' : 'OVER'}` : '';
  console.log(`  ${'total'.padEnd(22)}${kb(total.br)} KB ${kb(total.gzip)} KB${bound}`);
  return total;
}

let browser;
try {
  await waitReady();
  const shared = await sharedAssetPaths();
  browser = await chromium.launch({
    executablePath: [process.env.CHROME_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p)),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // Chromium asks for "gzip, deflate, br, zstd" (the server has brotli and gzip); the second
  // context stands for a client that accepts gzip only.
  const GZIP_ONLY = { extraHTTPHeaders: { 'accept-encoding': 'gzip' } };
  const coldPages = async (options = {}) => ({
    br: await (await browser.newContext(options)).newPage(),
    gzip: await (await browser.newContext({ ...options, ...GZIP_ONLY })).newPage(),
  });
  const login = await measure(await coldPages(), '/login', shared);

  // Sign in through the screen, then load /users with a cold cache, as a returning user on a new device.
  const signIn = await browser.newContext();
  const loginPage = await signIn.newPage();
  await loginPage.goto(`${BASE}/login`);
  await loginPage
    .getByLabel(/usuario/i)
    .first()
    .fill('admin');
  await loginPage
    .getByLabel(/contraseña/i)
    .first()
    .fill(PASSWORD);
  await loginPage.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await loginPage.waitForURL(/\/users$/i);
  const users = await measure(await coldPages({ storageState: await signIn.storageState() }), '/users', shared);

  console.log('\nJavaScript transferred per route (encoded bytes on the wire, cold cache, production build)');
  // exit code 1 when a route is over its budget
  for (const [route, parts] of [
    ['/login', login],
    ['/users', users],
  ]) {
    if (report(route, parts, BUDGETS_KB[route]).br / 1024 > BUDGETS_KB[route]) process.exitCode = 1;
  }
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
