#!/usr/bin/env node
/**
 * pnpm bench:lighthouse — Lighthouse 12 against the production build served as `npm start` serves
 * it (api/dist/src/main.js on a free port, a fresh embedded database).
 *
 * /login is measured side by side with a reference page: the same sign-in screen as one plain
 * React + Chakra bundle, without Module Federation, profiles, i18n or a router
 * (shared/tools/bench-reference, built here and served by a small static server with the same
 * precompressed files and cache headers as the API's). Both are audited with the mobile preset,
 * interleaved in the same run and browser (the order alternating), so the machine, its load and
 * the Lighthouse version weigh on both alike. Printed: both pages' performance, total blocking
 * time and largest contentful paint (median of the runs and their spread), bytes transferred,
 * and /login ÷ reference of the blocking time (goal ≤ 1.0) and of the largest paint (goal ≤ 0.6),
 * each from the two pages' medians of that figure over the runs.
 *
 * /users is audited with the desktop preset, signed in as the administrator, for reading. On
 * both /login and /users the accessibility and best-practices scores (deterministic, not a matter
 * of the machine) have the goal 1.00; failing audits are listed by id. Absolute performance and
 * LCP, Lighthouse's benchmark index of the machine and its calibrated CPU slowdown are printed
 * for reading: they depend on the machine, the ratios much less.
 *
 * Chromium (CHROME_PATH, else /usr/bin/chromium) is driven through puppeteer-core, as Lighthouse's
 * docs for authenticated pages do: /users is audited in the same browser profile after a sign-in
 * through the screen, with Lighthouse's storage reset off (the session lives in localStorage) and
 * the HTTP cache cleared first, so it loads cold like /login.
 *
 *   BENCH_RUNS (default 5): runs per page.
 *   BENCH_PAGES (default login,users): the pages to audit, by name; login brings the reference.
 *   BENCH_CALIBRATED=1: also audit /login at the machine's calibrated CPU slowdown (Lighthouse's
 *   github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md: the preset's 4× fits a high-end desktop; on another machine the
 *   calibrated multiplier emulates the same reference phone), for reading.
 *   --no-build: use the existing build of the suite (the reference page is always built).
 *   Full reports (median run): .reports/lighthouse-{login,reference,users}.json
 * Exit code 1 when a ratio goal or an accessibility or best-practices goal is missed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { buildReference, serveReference } from './bench-reference/index.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REPORTS = join(ROOT, '.reports');
const PASSWORD = 'Bench#Lighthouse2026';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
/** Whether /login is audited again at the machine's calibrated CPU slowdown (doubles its time). */
const CALIBRATED = process.env.BENCH_CALIBRATED === '1';

/** Score goals per page (0–1); the ones of the machine-independent categories only. */
const ALL_PAGES = [
  { name: 'login', path: '/login', preset: 'mobile', goals: { accessibility: 1, 'best-practices': 1 } },
  { name: 'users', path: '/users', preset: 'desktop', goals: { accessibility: 1, 'best-practices': 1 } },
];
/** The reference page /login is compared with (shared/tools/bench-reference). */
const REFERENCE = { name: 'reference', path: '/', preset: 'mobile', goals: {} };
/** /login ÷ reference, each figure from the two pages' medians over the runs. */
const RATIO_GOALS = [
  { audit: 'total-blocking-time', label: 'blocking time', max: 1.0 },
  { audit: 'largest-contentful-paint', label: 'largest paint', max: 0.6 },
];
/** Lighthouse counts as blocking only the part of a main-thread task beyond 50 ms. */
const TASK_THRESHOLD_MS = 50;

const chosen = (process.env.BENCH_PAGES ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const PAGES = chosen.length ? ALL_PAGES.filter((spec) => chosen.includes(spec.name)) : ALL_PAGES;
if (!PAGES.length) throw new Error(`BENCH_PAGES names none of ${ALL_PAGES.map((spec) => spec.name).join(', ')}`);
const withReference = PAGES.some((spec) => spec.name === 'login');

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, [join(ROOT, 'shared/tools/suite.mjs'), 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (withReference) await buildReference();

function freePort() {
  return new Promise((done, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function waitReady(base, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the suite did not become ready');
}

/** Signs in through the screen as a person would and waits for the console's user list. */
async function signIn(page, base) {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[autocomplete="username"]').fill('admin');
  await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => globalThis.location.pathname.toLowerCase() === '/users', { timeout: 60_000 });
}

/** Audits of a category that count toward its score and did not pass. */
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1);
}

const pct = (score) => (score === null || score === undefined ? 'n/a' : score.toFixed(2));
const ms = (value) => `${Math.round(value)} ms`;
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok) => (ok ? 'met' : 'MISSED');
const row = (label, value, note = '') => console.log(`  ${label.padEnd(26)} ${value.padStart(10)}${note ? `   ${note}` : ''}`);

/** The median (the mean of the two middle values for an even count, as Lighthouse's own). */
function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const scoreOf = (lhr) => lhr.categories.performance.score;
const valueOf = (audit) => (lhr) => lhr.audits[audit].numericValue;

/** A figure over the runs: its median and `low–high`. */
function figure(results, pick, format) {
  const values = results.map(pick);
  return { median: medianOf(values), range: `${format(Math.min(...values))}–${format(Math.max(...values))}` };
}

/**
 * The CPU slowdown that makes a machine of this benchmark index behave like Lighthouse's reference
 * mid-tier phone, by the piecewise-linear calibration of Lighthouse's CPU throttling calculator
 * (github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md: 1300 → 3×, 1533 → 4×, 2000 → 6×; 800 → 2×; 150 → 1×). The mobile preset
 * always slows by 4×, so a faster machine than ~1533 emulates a faster phone than the reference.
 */
function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + Math.max(0, benchmarkIndex - 150) / 650;
}

const runsOf = (results) => `${results.length} run${results.length > 1 ? 's' : ''}`;

/** Performance, TBT and LCP: the median of each over the runs, with their spread (single runs vary a lot, docs/adr/0021). */
function performanceRows(results) {
  for (const [label, pick, format] of [
    ['performance', scoreOf, pct],
    ['total blocking time', valueOf('total-blocking-time'), ms],
    ['largest contentful paint', valueOf('largest-contentful-paint'), seconds],
  ]) {
    const { median, range } = figure(results, pick, format);
    row(label, format(median), results.length > 1 ? `runs ${range}` : '');
  }
}

/**
 * A ratio goal of /login against the reference. A reference that blocks 0 ms has no ratio: then
 * /login meets the goal when it blocks at most one task's threshold (50 ms) longer, the least
 * Lighthouse tells apart from a page with no long task at all.
 */
function judgeRatio(goal, login, reference) {
  if (reference > 0) {
    const ratio = login / reference;
    const met = ratio <= goal.max;
    return { met, line: [goal.label, ratio.toFixed(2), `goal ≤ ${goal.max.toFixed(2)} → ${verdict(met)}`] };
  }
  const met = login - reference <= TASK_THRESHOLD_MS;
  return { met, line: [goal.label, 'n/a', `reference 0 ms: /login ${ms(login)}, goal ≤ ${TASK_THRESHOLD_MS} ms more → ${verdict(met)}`] };
}

/** Prints /login next to the reference and the ratios; returns whether both ratio goals were met. */
function reportComparison(login, reference, origin) {
  console.log(`\n/login and the reference page (${origin}/: one React + Chakra bundle, shared/tools/bench-reference)`);
  console.log(`mobile preset, ${runsOf(login)} each, interleaved; median of each figure over the runs, their spread after it`);
  for (const [label, results] of [
    ['/login', login],
    ['reference', reference],
  ]) {
    console.log(` ${label}`);
    performanceRows(results);
    row('bytes transferred', kb(computeMedianRun(results).audits['total-byte-weight'].numericValue), 'median run');
  }
  console.log(' /login ÷ reference, from the medians above');
  let ok = true;
  for (const goal of RATIO_GOALS) {
    const { met, line } = judgeRatio(goal, medianOf(login.map(valueOf(goal.audit))), medianOf(reference.map(valueOf(goal.audit))));
    ok &&= met;
    row(...line);
  }
  return ok;
}

/**
 * Prints one page: its performance figures unless the comparison printed them; from its median
 * run (Lighthouse's choice) the accessibility and best-practices scores next to the goals and the
 * failing audits; Lighthouse's benchmark index of this machine (`index`, the runs' median: what the
 * simulated CPU slowdown starts from) with the slowdown Lighthouse's calibration would give it.
 * Returns whether every goal was met.
 */
function report(spec, lhr, results, index, { performance }) {
  console.log(`\n${spec.path} — ${spec.preset} preset, median run of ${runsOf(results)} (Lighthouse ${lhr.lighthouseVersion})`);
  if (performance) {
    performanceRows(results);
    row('bytes transferred', kb(lhr.audits['total-byte-weight'].numericValue), 'median run');
  }
  let ok = true;
  for (const [category, goal] of Object.entries(spec.goals)) {
    const score = lhr.categories[category].score;
    const met = score !== null && score >= goal;
    ok &&= met;
    row(category, pct(score), `goal ≥ ${goal.toFixed(2)} → ${verdict(met)}`);
  }
  for (const category of Object.keys(spec.goals)) {
    const failing = failingAudits(lhr, category);
    if (failing.length) console.log(`  failing ${category} audits: ${failing.map((a) => a.id).join(', ')}`);
  }
  console.log(
    `  benchmark index of this machine: ${Math.round(index)}, median of the runs (Lighthouse's calibration would slow it ${calibratedSlowdown(index).toFixed(1)}× ` +
      `to match its reference phone; the ${spec.preset} preset slows it ${lhr.configSettings.throttling.cpuSlowdownMultiplier}×)`,
  );
  if (lhr.runWarnings?.length) console.log(`  warnings: ${lhr.runWarnings.join(' | ')}`);
  return ok;
}

/** Prints a page's performance figures at the machine's calibrated CPU slowdown, for reading. */
function reportCalibrated(results) {
  const { cpuSlowdownMultiplier } = results[0].configSettings.throttling;
  console.log(
    `  at this machine's calibrated slowdown (${cpuSlowdownMultiplier}×, Lighthouse's reference phone), median of ${runsOf(results)}:`,
  );
  performanceRows(results);
}

const { server: referenceServer, origin: referenceOrigin } = withReference ? await serveReference() : {};
const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'suite-bench-lighthouse-'));
// as `npm start` runs it (suite.mjs start): the built API from the repository root, which serves every bundle
const server = spawn(process.execPath, [join(ROOT, 'api/dist/src/main.js')], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SUITE_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let browser;
let allMet = true;
try {
  await waitReady(base, server);
  browser = await puppeteer.launch({
    executablePath: [process.env.CHROME_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p)),
    headless: true,
    defaultViewport: null,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  const flags = { logLevel: 'error', output: 'json', onlyCategories: CATEGORIES };
  mkdirSync(REPORTS, { recursive: true });

  /** One audit of a page with a Lighthouse configuration (undefined: the mobile preset). */
  async function auditOnce(spec, config) {
    const url = `${spec === REFERENCE ? referenceOrigin : base}${spec.path}`;
    let runFlags = flags;
    if (spec.name === 'users') {
      if (!(await page.evaluate(() => globalThis.location.pathname.toLowerCase() === '/users').catch(() => false)))
        await signIn(page, base);
      await cdp.send('Network.clearBrowserCache');
      runFlags = { ...flags, disableStorageReset: true };
    }
    let result = await lighthouse(url, runFlags, config, page);
    // a trace Lighthouse failed to record (NO_NAVSTART: "Please run Lighthouse again") is run
    // again once; a page that fails twice is a failure
    if (result?.lhr.runtimeError) result = await lighthouse(url, runFlags, config, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    // a signed-out /users ends on the sign-in screen: that would measure the wrong page
    if (spec.name === 'users' && !/\/users$/i.test(new URL(result.lhr.finalDisplayedUrl).pathname)) {
      throw new Error(`/users was audited signed out (ended on ${result.lhr.finalDisplayedUrl})`);
    }
    return result.lhr;
  }

  /** RUNS audits of each page of `specs`, run by run, the order turning each run so neither page always goes first. */
  async function audit(specs, config) {
    const results = specs.map(() => []);
    for (let run = 0; run < RUNS; run++) {
      const order = specs.map((_, i) => i);
      if (run % 2) order.reverse();
      for (const i of order) results[i].push(await auditOnce(specs[i], config));
    }
    return results;
  }

  const audited = [];
  for (const spec of PAGES) {
    const specs = spec.name === 'login' ? [spec, REFERENCE] : [spec];
    const [results, reference] = await audit(specs, spec.preset === 'desktop' ? desktopConfig : undefined);
    const median = computeMedianRun(results);
    writeFileSync(join(REPORTS, `lighthouse-${spec.name}.json`), JSON.stringify(median));
    if (reference) writeFileSync(join(REPORTS, 'lighthouse-reference.json'), JSON.stringify(computeMedianRun(reference)));
    // the mobile preset's 4× is right for one class of machine only: audited again at this
    // machine's calibrated slowdown, the figures read against Lighthouse's reference phone
    let calibrated;
    const index = medianOf(results.map((run) => run.environment.benchmarkIndex));
    const slowdown = calibratedSlowdown(index);
    const preset = median.configSettings.throttling;
    if (CALIBRATED && spec.preset === 'mobile' && Math.abs(slowdown - preset.cpuSlowdownMultiplier) >= 0.25) {
      const settings = { throttling: { ...preset, cpuSlowdownMultiplier: Math.round(slowdown * 10) / 10 } };
      [calibrated] = await audit([spec], { extends: 'lighthouse:default', settings });
      writeFileSync(join(REPORTS, `lighthouse-${spec.name}-calibrated.json`), JSON.stringify(computeMedianRun(calibrated)));
    }
    audited.push({ spec, median, results, reference, index, calibrated });
  }

  console.log(`\nLighthouse on the production build (${base}, ${runsOf(audited[0].results)} per page; simulated throttling)`);
  for (const { spec, median, results, reference, index, calibrated } of audited) {
    if (reference) allMet = reportComparison(results, reference, referenceOrigin) && allMet;
    allMet = report(spec, median, results, index, { performance: !reference }) && allMet;
    if (calibrated) reportCalibrated(calibrated);
  }
  const names = audited.flatMap(({ spec, reference }) => (reference ? [spec.name, REFERENCE.name] : [spec.name]));
  console.log(`\nfull reports: ${names.map((name) => join('.reports', `lighthouse-${name}.json`)).join(', ')}`);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  referenceServer?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
if (!allMet) process.exitCode = 1;
