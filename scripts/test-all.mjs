#!/usr/bin/env node
// `npm test`: lint, the lockfile review, typecheck, unit and integration tests (PGlite, then a PostgreSQL server),
// the web build and the end-to-end tests in Chromium. Prints each stage's time and `N passed, N failed` last.
//
// Work that does not compete runs side by side: the static checks together, with the import of the F1 data the
// tests load; the web build beside the PostgreSQL pass (which mostly waits on the database server); the end-to-end
// specs in E2E_SHARDS (4) shards, each with its own server, stand-ins and ports (E2E_PORT, E2E_PORT + 1, ...), the
// specs dealt by the time each took (dealSpecs): a spec mostly waits on its browser, its clock and its servers (two
// shards kept half of one core busy), so four finish in about half the time of two. Each shard's server starts from that F1 data
// (e2e/support/prepare-data-dir.ts) instead of importing F1DB. The end-to-end specs run alone: beside the PostgreSQL
// pass, tests that take 20 s ran past their 30 s. A stage run beside others prints its output when it ends, so the
// log reads one stage at a time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseTestFiles } from './database-tests.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'reports');
fs.mkdirSync(reports, { recursive: true });
const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
const totals = { passed: 0, failed: 0, skipped: 0 };
const stageTimes = [];
const E2E_SHARDS = Number(process.env.E2E_SHARDS ?? 4);
const E2E_FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Runs a command; with buffered, its output is held and printed in one piece when it ends. Resolves to ok. */
function run(title, command, args, { extraEnv = {}, buffered = false, cwd = '.' } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: path.join(root, cwd), stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...env, ...extraEnv } });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (ok) => {
      if (buffered) console.log(`\n=== ${title}: ${command} ${args.join(' ')}\n${Buffer.concat(output).toString().trimEnd()}`);
      stageTimes.push([title, Math.round((Date.now() - started) / 1000)]);
      resolve(ok);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(String(error)));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

async function check(title, command, args, options) {
  const ok = await run(title, command, args, options);
  totals[ok ? 'passed' : 'failed'] += 1;
  console.log(`--- ${title}: ${ok ? 'passed' : 'FAILED'}`);
}

async function vitest(title, reportName, extraEnv, extraArgs = []) {
  const report = path.join(reports, reportName);
  fs.rmSync(report, { force: true });
  const ok = await run(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs], { extraEnv });
  addCounts(title, ok, report, (json) => ({
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
  }));
}

function addCounts(title, ok, report, read) {
  if (!fs.existsSync(report)) {
    totals.failed += 1;
    console.log(`--- ${title}: FAILED (no report written)`);
    return;
  }
  const counts = read(JSON.parse(fs.readFileSync(report, 'utf8')));
  if (!ok && counts.failed === 0) counts.failed = 1;
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  console.log(`--- ${title}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

async function postgresReachable() {
  const probe = `const pg = require('pg'); const c = new pg.Client(${JSON.stringify(postgresUrl)});
    c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));`;
  return new Promise((resolve) => spawn('node', ['-e', probe], { cwd: path.join(root, 'apps/server'), env }).on('close', (code) => resolve(code === 0)));
}

function chromiumPath() {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(candidate)) return Promise.resolve(candidate);
  const isRoot = os.userInfo().uid === 0;
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) return Promise.resolve(undefined);
  console.log('\nChromium is missing: installing Debian\'s chromium package (apt-get install -y chromium)');
  const install = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium';
  return run('install Chromium', 'sh', ['-c', install]).then(() => (fs.existsSync(candidate) ? candidate : undefined));
}

async function postgresPass() {
  if (await postgresReachable()) {
    // Only the server's test files that open a test database: the rest ran, the same, in the PGlite pass.
    await vitest('integration (PostgreSQL server)', 'vitest-postgres.json', { TEST_POSTGRES_URL: postgresUrl }, ['--project', 'server', ...databaseTestFiles(root)]);
  } else {
    totals.failed += 1;
    console.log(`--- integration (PostgreSQL server): FAILED: no PostgreSQL server at ${postgresUrl}. Start one or set TEST_POSTGRES_URL.`);
  }
}

const specFolder = path.join(root, 'e2e/tests');
const specSecondsFile = path.join(root, 'e2e/spec-seconds.json');
const lastRunSpecSeconds = path.join(reports, 'e2e-spec-seconds.json');

/**
 * The spec files dealt to the shards longest first, each to the shard with the least work so far, by the seconds each
 * spec took: in the last run on this checkout (reports/), else as committed (e2e/spec-seconds.json; copy the last
 * run's file over it when specs change much). A spec neither names counts as a typical one. Playwright's own
 * --shard splits by number of tests, and one shard got both of the specs that take three minutes.
 */
function dealSpecs(shardCount) {
  const secondsFile = fs.existsSync(lastRunSpecSeconds) ? lastRunSpecSeconds : specSecondsFile;
  const seconds = JSON.parse(fs.readFileSync(secondsFile, 'utf8'));
  const known = Object.values(seconds).sort((a, b) => a - b);
  const typical = known[Math.floor(known.length / 2)] ?? 1;
  const weight = (spec) => seconds[spec] ?? typical;
  const shards = Array.from({ length: shardCount }, () => ({ specs: [], seconds: 0 }));
  const specs = fs.readdirSync(specFolder).filter((name) => name.endsWith('.spec.ts'));
  for (const spec of specs.sort((a, b) => weight(b) - weight(a))) {
    const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    lightest.specs.push(spec);
    lightest.seconds += weight(spec);
  }
  return shards.filter((shard) => shard.specs.length > 0);
}

/**
 * Seconds per spec file in the end-to-end reports, for the next run's dealing: from its first test's start to the next
 * file's (or the shard's end). A shard runs its files one after another, and a file's hooks count too: a test's own
 * duration leaves out a beforeAll, such as the provisional spec's site of its own (over a minute under load).
 */
function recordSpecSeconds(reportFiles) {
  const seconds = {};
  for (const report of reportFiles.filter((file) => fs.existsSync(file))) {
    const { suites, stats } = JSON.parse(fs.readFileSync(report, 'utf8'));
    const starts = [];
    const add = (suite, file) => {
      for (const spec of suite.specs ?? []) for (const test of spec.tests) for (const result of test.results) starts.push({ file, at: Date.parse(result.startTime) });
      for (const child of suite.suites ?? []) add(child, file);
    };
    for (const suite of suites) add(suite, suite.file);
    const firstStart = new Map();
    for (const { file, at } of starts) firstStart.set(file, Math.min(at, firstStart.get(file) ?? Infinity));
    const inOrder = [...firstStart].sort(([, a], [, b]) => a - b);
    const shardEnd = Date.parse(stats.startTime) + stats.duration;
    inOrder.forEach(([file, at], index) => (seconds[file] = ((inOrder[index + 1]?.[1] ?? shardEnd) - at) / 1000));
  }
  const rounded = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)).map(([file, total]) => [file, Math.round(total)]));
  fs.writeFileSync(lastRunSpecSeconds, `${JSON.stringify(rounded, null, 2)}\n`);
}

async function endToEnd(chromium) {
  const shards = dealSpecs(E2E_SHARDS);
  const reportFiles = shards.map((_, index) => path.join(reports, `e2e-${index + 1}.json`));
  await Promise.all(
    shards.map(async ({ specs, seconds }, index) => {
      const title = `end-to-end (Chromium), shard ${index + 1}/${shards.length} (${specs.length} specs, ~${Math.round(seconds)} s)`;
      const report = reportFiles[index];
      fs.rmSync(report, { force: true });
      const extraEnv = { CHROMIUM_PATH: chromium, E2E_JSON_REPORT: report, E2E_PORT: String(E2E_FIRST_PORT + index) };
      // Playwright itself, not npm run; each argument is a pattern matched against a spec's path, so it names the folder.
      const ok = await run(title, 'npx', ['playwright', 'test', ...specs.map((spec) => `tests/${spec}`)], { extraEnv, buffered: shards.length > 1, cwd: 'e2e' });
      addCounts(title, ok, report, (json) => ({
        passed: json.stats.expected,
        failed: json.stats.unexpected + json.stats.flaky,
        skipped: json.stats.skipped,
      }));
    }),
  );
  recordSpecSeconds(reportFiles);
}

const started = Date.now();
await Promise.all([
  // Not a check: the full F1DB imported once into a PGlite dump that test files and end-to-end servers load
  // (apps/server/src/test/f1-database.ts), made here so that no test file waits for it.
  run('F1 test data', 'npx', ['tsx', 'apps/server/src/test/f1-dump-cli.ts'], { buffered: true }),
  check('lint', 'npx', ['eslint', '.', '--max-warnings=0'], { buffered: true }),
  // Offline: the lockfile against the policy in .lockfile-lintrc.json (docs/deploy.md, "Dependency review").
  check('dependency review (lockfile)', 'npx', ['lockfile-lint'], { buffered: true }),
  check('typecheck', 'npx', ['tsc', '-b'], { buffered: true }),
  // Exports, files and dependencies nothing uses (knip.json names each workspace's entry points).
  check('dead code (knip)', 'npx', ['knip'], { buffered: true }),
]);
await vitest('unit and integration (PGlite)', 'vitest-pglite.json', {});
await Promise.all([postgresPass(), check('web build', 'npm', ['run', 'build'], { buffered: true })]);

const chromium = await chromiumPath();
if (chromium) {
  await endToEnd(chromium);
} else {
  totals.failed += 1;
  console.log('--- end-to-end: FAILED: Chromium not found. Install it with `apt-get install -y chromium` (Debian) or set CHROMIUM_PATH.');
}

console.log('\nstage times (stages side by side overlap):');
for (const [title, seconds] of stageTimes) console.log(`  ${String(seconds).padStart(5)} s  ${title}`);
console.log(`  ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s  in all`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed === 0 ? 0 : 1);
