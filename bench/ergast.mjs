// `npm run bench:ergast`: how long the Ergast API takes to answer a request it has not cached, for single resources
// of seasons across the championship's history, on PGlite and on PostgreSQL (a fresh database, F1DB imported once).
// Every URL is asked once per server start, so each answer is computed (its SQL run) rather than read from the answer
// cache; the server is warmed first with each resource of another season, as a running server would be. The whole
// pass runs BENCH_PASSES times, each on a newly started server (a cold cache again), and each URL's best and median
// are printed: on a machine shared with other work the best of a few passes is the figure least disturbed by it.
// Target: 50 ms each.
//
// Environment: BENCH_DATABASES (pglite,postgres), BENCH_PASSES (3), BENCH_PORT (default 3190), BENCH_POSTGRES_URL.
import os from 'node:os';
import { prepareDatabase, productionServerArgs, startServer, stop, table } from './lib.mjs';

const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3190);
const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const NOW = process.env.SLIPSTREAM_NOW ?? '2026-11-25T12:00:00Z';
const TARGET_MS = 50;
const WARM_UP_SEASON = 2023;
const SEASONS = [1950, 1961, 1976, 1988, 1999, 2008, 2016, 2021, 2024, 2026];

/** The single resources of one season: its schedule, a round's classifications, its tables and lists. */
function resourcesOf(season) {
  const round = season === 2026 ? 11 : 3;
  return [
    `${season}/races.json`,
    `${season}/${round}/results.json`,
    `${season}/${round}/qualifying.json`,
    `${season}/driverStandings.json`,
    ...(season >= 1958 ? [`${season}/constructorStandings.json`] : []),
    `${season}/drivers.json`,
    `${season}/constructors.json`,
    `${season}/circuits.json`,
    `${season}/status.json`,
    ...(season >= 1994 ? [`${season}/${round}/pitstops.json`] : []),
    ...(season >= 2021 ? [`${season}/sprint.json`] : []),
  ];
}

async function timed(url) {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: 'application/json', 'accept-encoding': 'gzip' } });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** One pass on a newly started server: the warm-up season, then every URL once. */
async function pass(serverArgs, env, port) {
  const base = `http://127.0.0.1:${port}/api/ergast/f1`;
  const server = await startServer(serverArgs, env, `http://127.0.0.1:${port}/api/health`);
  try {
    for (const resource of resourcesOf(WARM_UP_SEASON)) await timed(`${base}/${resource}`);
    const timings = [];
    for (const season of SEASONS) {
      for (const resource of resourcesOf(season)) timings.push({ resource, ...(await timed(`${base}/${resource}`)) });
    }
    return timings;
  } finally {
    await stop(server);
  }
}

async function benchDatabase(kind, port) {
  console.log(`\n== ${kind}: importing F1DB once`);
  const { env, cleanUp } = await prepareDatabase(kind, port, NOW);
  const serverArgs = productionServerArgs();
  const passes = [];
  try {
    for (let index = 0; index < PASSES; index += 1) passes.push(await pass(serverArgs, env, port));
  } finally {
    await cleanUp();
  }
  return passes[0].map(({ resource }, index) => {
    const runs = passes.map((timings) => timings[index]);
    const ms = runs.map((run) => run.ms).sort((a, b) => a - b);
    return { kind, resource, status: runs.find((run) => run.status !== 200)?.status ?? 200, best: ms[0], median: percentile(ms, 0.5) };
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

const results = [];
for (const [index, kind] of DATABASES.entries()) results.push(...(await benchDatabase(kind, FIRST_PORT + index)));

const loads = os.loadavg().map((load) => load.toFixed(1)).join(' ');
console.log(`\nEach URL asked once per pass (not cached), ${PASSES} passes, clock pinned at ${NOW}, node ${process.version}, ${os.cpus().length} CPUs, load average ${loads}; target ${TARGET_MS} ms for the best pass\n`);
const passed = (r) => r.status === 200 && r.best < TARGET_MS;
console.log(table(['database', 'request', 'status', 'best', 'median', 'target'], results.map((r) => [r.kind, r.resource, r.status, r.best.toFixed(1), r.median.toFixed(1), passed(r) ? 'ok' : 'MISSED'])));
console.log('');
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return [`${percentile(sorted, 0.5).toFixed(1)} ms`, `${percentile(sorted, 0.95).toFixed(1)} ms`, `${sorted.at(-1).toFixed(1)} ms`];
};
console.log(
  table(
    ['database', 'requests', 'best: median', 'p95', 'max', 'median pass: median', 'p95', 'max', 'missed'],
    DATABASES.map((kind) => {
      const ofKind = results.filter((r) => r.kind === kind);
      return [kind, ofKind.length, ...summary(ofKind.map((r) => r.best)), ...summary(ofKind.map((r) => r.median)), ofKind.filter((r) => !passed(r)).length];
    }),
  ),
);
