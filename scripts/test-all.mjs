#!/usr/bin/env node
// `npm test`: lint, the lockfile review, typecheck, unit and integration tests (PGlite, then a PostgreSQL server),
// the web build and the end-to-end tests in Chromium. Prints `N passed, N failed` last.
import { spawnSync } from 'node:child_process';
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

function run(title, command, args, extraEnv = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  return result.status === 0;
}

function check(title, command, args) {
  const ok = run(title, command, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  console.log(`--- ${title}: ${ok ? 'passed' : 'FAILED'}`);
}

function vitest(title, reportName, extraEnv, extraArgs = []) {
  const report = path.join(reports, reportName);
  fs.rmSync(report, { force: true });
  const ok = run(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs], extraEnv);
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

function postgresReachable() {
  const probe = spawnSync('node', ['-e', `
    const pg = require('pg'); const c = new pg.Client(${JSON.stringify(postgresUrl)});
    c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));`], { cwd: path.join(root, 'apps/server'), env });
  return probe.status === 0;
}

function chromiumPath() {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(candidate)) return candidate;
  const isRoot = os.userInfo().uid === 0;
  if (isRoot && spawnSync('which', ['apt-get']).status === 0) {
    console.log('\nChromium is missing: installing Debian\'s chromium package (apt-get install -y chromium)');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
// Offline: the lockfile against the policy in .lockfile-lintrc.json (docs/deploy.md, "Dependency review").
check('dependency review (lockfile)', 'npx', ['lockfile-lint']);
check('typecheck', 'npx', ['tsc', '-b']);
vitest('unit and integration (PGlite)', 'vitest-pglite.json', {});

if (postgresReachable()) {
  // Only the server's test files that open a test database: the rest ran, the same, in the run above.
  vitest('integration (PostgreSQL server)', 'vitest-postgres.json', { TEST_POSTGRES_URL: postgresUrl }, ['--project', 'server', ...databaseTestFiles(root)]);
} else {
  totals.failed += 1;
  console.log(`--- integration (PostgreSQL server): FAILED: no PostgreSQL server at ${postgresUrl}. Start one or set TEST_POSTGRES_URL.`);
}

check('web build', 'npm', ['run', 'build']);

const chromium = chromiumPath();
if (chromium) {
  const report = path.join(reports, 'e2e.json');
  fs.rmSync(report, { force: true });
  const ok = run('end-to-end (Chromium)', 'npm', ['run', 'test:e2e'], { CHROMIUM_PATH: chromium, E2E_JSON_REPORT: report });
  addCounts('end-to-end (Chromium)', ok, report, (json) => ({
    passed: json.stats.expected,
    failed: json.stats.unexpected + json.stats.flaky,
    skipped: json.stats.skipped,
  }));
} else {
  totals.failed += 1;
  console.log('--- end-to-end: FAILED: Chromium not found. Install it with `apt-get install -y chromium` (Debian) or set CHROMIUM_PATH.');
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed === 0 ? 0 : 1);
