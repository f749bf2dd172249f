#!/usr/bin/env node
/**
 * The README's two commands go through here, so a machine with only Node.js ≥ 20 and npm can
 * run the suite and its tests: `npm start` → `start`, `npm test` → `test`.
 * Dependency-free on purpose: it runs before anything is installed.
 *
 *   start  install what is missing, build what is stale, start the API serving every bundle
 *   build  install what is missing, build what is stale
 *   test   build, type-check, run every jest suite and the Playwright suite, print "N passed, N failed"
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PNPM_VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).packageManager.split('@')[1];
const REPORTS = join(ROOT, '.reports');

/** Packages in build order; front ends compile @suite/shared from source, so they depend on it too. */
const SHARED = 'shared';
const API = 'api';
const FRONT_ENDS = createRequire(import.meta.url)('./workspace.cjs').frontEndPackages(ROOT);
const BUILD_INPUTS = ['src', 'migrations', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'webpack.config.js', 'public'];
const SHARED_BUILD_INPUTS = ['src', 'tools/webpack.cjs', 'package.json', 'tsconfig.base.json', 'tsconfig.build.json'];

/**
 * jest's default of one worker fewer than the cores runs a 2-core machine's tests in band, one file
 * at a time, with a core idle while a file waits on PostgreSQL or a timer: two workers at least.
 */
const JEST_WORKERS = Math.max(2, availableParallelism() - 1);
/**
 * The API's test files wait on PostgreSQL and on their servers more than they compute: one worker
 * more than the cores (2 cores: 130 s with two workers, 121 s with three, from a cold cache).
 */
const API_JEST_WORKERS = availableParallelism() + 1;

const log = (msg) => process.stdout.write(`[suite] ${msg}\n`);
/** Seconds since `since` (a Date.now() reading), for the run's summary: where the time goes shows in every CI log. */
const secondsSince = (since) => Math.round((Date.now() - since) / 1000);

// ---------------------------------------------------------------- pnpm

/** pnpm of the pinned major from PATH, else through npx (corepack's signature check fails on some Node 20 builds). */
function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (probe.status === 0 && probe.stdout.trim().split('.')[0] === PNPM_VERSION.split('.')[0]) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

const PNPM = pnpmCommand();

function run(args, opts = {}) {
  const [cmd, ...rest] = [...PNPM, ...args];
  const res = spawnSync(cmd, rest, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  if (res.status !== 0 && !opts.allowFailure) {
    log(`failed: pnpm ${args.join(' ')}`);
    process.exit(res.status ?? 1);
  }
  return res.status ?? 1;
}

function install() {
  const marker = join(ROOT, 'node_modules/.modules.yaml');
  const lock = join(ROOT, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing dependencies');
  run(['install', '--frozen-lockfile']);
}

// ---------------------------------------------------------------- builds

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const stampOf = (pkg) => join(ROOT, pkg, 'dist', '.build-stamp');

function inputsMtime(pkg) {
  const own = (pkg === SHARED ? SHARED_BUILD_INPUTS : BUILD_INPUTS).map((p) => newestMtime(join(ROOT, pkg, p)));
  const deps = pkg === SHARED ? [] : SHARED_BUILD_INPUTS.map((p) => newestMtime(join(ROOT, SHARED, p)));
  return Math.max(...own, ...deps, statSync(join(ROOT, 'pnpm-lock.yaml')).mtimeMs);
}

function isStale(pkg) {
  const stamp = stampOf(pkg);
  return !existsSync(stamp) || statSync(stamp).mtimeMs < inputsMtime(pkg);
}

function markBuilt(pkg) {
  writeFileSync(stampOf(pkg), `${new Date().toISOString()}\n`);
}

/**
 * `pnpm <args>` without waiting: resolves to its exit status. `buffered` holds its output and prints
 * it in one piece when it ends, so commands run side by side do not interleave their reports.
 */
function runAsync(args, opts = {}) {
  const [cmd, ...rest] = [...PNPM, ...args];
  return new Promise((done) => {
    const stdio = opts.buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(cmd, rest, { cwd: ROOT, stdio, env: { ...process.env, ...opts.env } });
    const output = [];
    if (opts.buffered) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      done(code ?? 1);
    });
    child.on('error', () => done(1));
  });
}

/** Runs `work` on each item, in turn on as many lanes as the machine has cores (each job is mostly one thread). */
async function inLanes(items, work) {
  const queue = [...items];
  const lanes = Math.min(availableParallelism(), queue.length);
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (queue.length > 0) await work(queue.shift());
    }),
  );
}

/**
 * Runs `tasks` ({ name, args }) side by side (inLanes), longest first as listed; resolves to the
 * statuses and seconds of the tasks of each name.
 */
async function runSideBySide(tasks) {
  const results = {};
  await inLanes(tasks, async (task) => {
    const since = Date.now();
    const status = await runAsync(task.args, { buffered: true });
    results[task.name] = [...(results[task.name] ?? []), { status, seconds: secondsSince(since) }];
    if (status !== 0) log(`failed: pnpm ${task.args.join(' ')}`);
  });
  return results;
}

/**
 * Builds what is stale: @suite/shared first (the API compiles against its output), then the API and
 * the front ends, as many at once as the machine has cores (each build is mostly one thread).
 */
async function buildAll({ force = false } = {}) {
  const stale = [SHARED, API, ...FRONT_ENDS].filter((pkg) => force || isStale(pkg));
  if (stale.length === 0) return;
  log(`building ${stale.join(', ')}`);
  const build = async (pkg) => {
    const status = await runAsync(['--filter', `./${pkg}`, 'run', 'build'], { env: { NODE_ENV: 'production' } });
    if (status !== 0) {
      log(`failed: build of ${pkg}`);
      process.exit(status);
    }
    markBuilt(pkg);
  };
  if (stale.includes(SHARED)) await build(SHARED);
  await inLanes(
    stale.filter((pkg) => pkg !== SHARED),
    build,
  );
}

// ---------------------------------------------------------------- start

async function start() {
  install();
  await buildAll();
  const child = spawn(process.execPath, [join(ROOT, 'api/dist/src/main.js')], { cwd: ROOT, stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

// ---------------------------------------------------------------- test

/**
 * CHROME_PATH, then Debian's headless shell, then a full Chromium; otherwise install the headless
 * shell (Debian's `chromium-headless-shell` as root, else Playwright's download). The shell is the
 * headless browser Playwright itself uses: it loads a page in about half the CPU time of the full
 * browser, whose headless mode still composites through a software GPU process.
 */
function ensureChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    log("installing Debian's chromium-headless-shell");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const res = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium-headless-shell'], { stdio: 'inherit', env });
    if (res.status === 0 && existsSync('/usr/bin/chromium-headless-shell')) return '/usr/bin/chromium-headless-shell';
  }
  log("installing Playwright's chromium");
  run(['--filter', './e2e', 'exec', 'playwright', 'install', '--only-shell', 'chromium']);
  return ''; // Playwright finds its own download when no executable path is given.
}

function jestTotals(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, note: 'no report' };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A suite that fails to load has no test results but counts as a failure.
  return { passed: r.numPassedTests, failed: r.numFailedTests + r.numRuntimeErrorTestSuites };
}

/**
 * A multi-project report split by package, for the summary: a line per package (already counted
 * in the run's totals, so not summed again) and the run's totals.
 */
function jestTotalsByPackage(file, packages) {
  const totals = jestTotals(file);
  if (!existsSync(file)) return { totals, packages: [] };
  const { testResults } = JSON.parse(readFileSync(file, 'utf8'));
  const lines = packages.map((pkg) => {
    const files = testResults.filter((r) => r.name.startsWith(join(ROOT, pkg) + sep));
    const count = (status) => files.reduce((n, r) => n + r.assertionResults.filter((a) => a.status === status).length, 0);
    // a file that fails to load has no test results but counts as a failure
    const broken = files.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
    return { suite: `  ${pkg}`, passed: count('passed'), failed: count('failed') + broken, detail: true };
  });
  return { totals, packages: lines };
}

function playwrightTotals(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, note: 'no report' };
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  // a test that passed only on its retry (the run that records a trace) is a failure, not a pass
  return {
    passed: stats.expected,
    failed: stats.unexpected + stats.flaky,
    ...(stats.flaky ? { note: `${stats.flaky} passed only on retry` } : {}),
  };
}

/**
 * A run that exited with an error but reported no failed test (it could not start: a port in use,
 * a global setup that threw) is a failure too, never a silent zero.
 */
function withExit(totals, status) {
  return status !== 0 && totals.failed === 0 ? { ...totals, failed: 1, note: `exited with ${status} and no failed test` } : totals;
}

async function test() {
  const started = Date.now();
  install();
  await buildAll();
  const built = secondsSince(started);
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  const totals = [];

  // the static checks side by side, longest first: the page's code as one program
  // (tsconfig.frontends.json), the lint (it holds the boundaries of docs/architecture.md §2,
  // docs/adr/0011-lint-boundaries.md; a warning fails too), the API, the bench reference, the e2e
  // suite, and the format (biome.json; `npm run format` writes it)
  log('type-checking, linting and checking the format');
  const checksStarted = Date.now();
  const checks = await runSideBySide([
    { name: 'typecheck', args: ['exec', 'tsc', '-p', 'tsconfig.frontends.json'] },
    { name: 'lint', args: ['run', 'lint'] },
    { name: 'typecheck', args: ['--filter', `./${API}`, 'run', 'typecheck'] },
    { name: 'typecheck', args: ['exec', 'tsc', '-p', 'shared/tools/bench-reference', '--noEmit'] },
    { name: 'typecheck', args: ['--filter', './e2e', 'run', 'typecheck'] },
    { name: 'format', args: ['exec', 'biome', 'format', '.'] },
  ]);
  log(`checks done in ${secondsSince(checksStarted)} s`);
  for (const name of ['typecheck', 'format', 'lint']) {
    const ok = checks[name].every((c) => c.status === 0);
    const seconds = checks[name].reduce((n, c) => n + c.seconds, 0);
    totals.push({ suite: name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds, note: 'beside the other checks' });
  }

  // the shared package and every front end in one jest run (jest-frontends.cjs), reported per package
  log(`jest: ${[SHARED, ...FRONT_ENDS].join(', ')}`);
  let report = join(REPORTS, 'front-ends.json');
  let since = Date.now();
  let status = run(
    ['exec', 'jest', '-c', 'shared/tools/jest-frontends.cjs', '--ci', `--maxWorkers=${JEST_WORKERS}`, '--json', `--outputFile=${report}`],
    { allowFailure: true },
  );
  const frontEnds = jestTotalsByPackage(report, [SHARED, ...FRONT_ENDS]);
  totals.push({ suite: 'front ends', ...withExit(frontEnds.totals, status), seconds: secondsSince(since) }, ...frontEnds.packages);

  log(`jest: ${API}${process.env.DATABASE_URL ? ' (PGlite and PostgreSQL)' : ''}`);
  report = join(REPORTS, `${API}.json`);
  since = Date.now();
  status = run(['--filter', `./${API}`, 'exec', 'jest', '--ci', `--maxWorkers=${API_JEST_WORKERS}`, '--json', `--outputFile=${report}`], {
    allowFailure: true,
  });
  totals.push({ suite: API, ...withExit(jestTotals(report), status), seconds: secondsSince(since) });

  const chrome = ensureChromium();
  log(`end-to-end in Chromium${chrome ? ` (${chrome})` : ''}`);
  const e2eReport = join(REPORTS, 'e2e.json');
  const e2eData = join(tmpdir(), `suite-e2e-${process.pid}`);
  since = Date.now();
  const e2eStatus = run(['--filter', './e2e', 'exec', 'playwright', 'test'], {
    allowFailure: true,
    env: {
      CHROME_PATH: chrome,
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
      E2E_DATA_DIR: e2eData,
      SUITE_PNPM: PNPM.join(' '),
    },
  });
  rmSync(e2eData, { recursive: true, force: true });
  totals.push({ suite: 'e2e', ...withExit(playwrightTotals(e2eReport), e2eStatus), seconds: secondsSince(since) });

  log(`${'install and build'.padEnd(18)} ${built} s`);
  for (const t of totals) {
    const seconds = t.seconds === undefined ? '' : `, ${t.seconds} s`;
    log(`${t.suite.padEnd(18)} ${t.passed} passed, ${t.failed} failed${seconds}${t.note ? ` (${t.note})` : ''}`);
  }
  log(`${'whole run'.padEnd(18)} ${secondsSince(started)} s`);
  const counted = totals.filter((t) => !t.detail);
  const passed = counted.reduce((n, t) => n + t.passed, 0);
  const failed = counted.reduce((n, t) => n + t.failed, 0);
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exit(failed === 0 ? 0 : 1);
}

// ---------------------------------------------------------------- main

const command = process.argv[2];
const commands = {
  start,
  test,
  build: async () => {
    install();
    await buildAll({ force: process.argv.includes('--force') });
  },
};
if (!commands[command]) {
  process.stderr.write('usage: suite.mjs start|build|test\n');
  process.exit(2);
}
commands[command]();
