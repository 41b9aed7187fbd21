// `npm run bench:ergast`: how long the Ergast API takes to answer a request it has not cached, on PGlite and on
// PostgreSQL (a fresh database, F1DB imported once). Two walks:
// - single resources of ten seasons across the championship's history (target 50 ms each);
// - every resource with its filter combinations: each filter alone and each pair of them, across the whole history
//   and within one season, plus deep pages (`offset`), with realistic values that match many rows (a champion's
//   position, Ferrari, Hamilton, Monza, a win, Finished); target 250 ms on PGlite, 100 ms on PostgreSQL.
// Every URL is asked once per server start, so each answer is computed (its SQL run) rather than read from the answer
// cache; the server is warmed first with each single resource of another season, as a running server would be. The
// whole walk runs BENCH_PASSES times, each on a newly started server (a cold cache again), and each URL's best and
// median are printed, then the slowest ten of each database: on a machine shared with other work the best of a few
// passes is the figure least disturbed by it. A request that has not answered after BENCH_TIMEOUT_MS counts as that
// long and the server is restarted.
//
// Environment: BENCH_DATABASES (pglite,postgres), BENCH_PASSES (3), BENCH_PORT (default 3190), BENCH_POSTGRES_URL,
// BENCH_WALKS (single,combined), BENCH_TIMEOUT_MS (60000).
import os from 'node:os';
import { prepareDatabase, productionServerArgs, startServer, stop, table } from './lib.mjs';

const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const WALKS = (process.env.BENCH_WALKS ?? 'single,combined').split(',');
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3190);
const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 60_000);
const NOW = process.env.SLIPSTREAM_NOW ?? '2026-11-25T12:00:00Z';
const TARGET_MS = { single: { pglite: 50, postgres: 50 }, combined: { pglite: 250, postgres: 100 } };
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

/** Each filter of docs/api-ergast.md with a value that matches many rows. */
const FILTER_VALUES = {
  circuits: 'monza',
  constructors: 'ferrari',
  drivers: 'lewis-hamilton',
  grid: 1,
  results: 1,
  fastest: 1,
  status: 1,
  driverStandings: 1,
  constructorStandings: 3,
};
const ENTRY_FILTERS = Object.keys(FILTER_VALUES);
/** The filters each resource takes (as the server's list of supported filters has them). */
const RESOURCE_FILTERS = {
  seasons: ENTRY_FILTERS,
  circuits: ENTRY_FILTERS,
  races: ENTRY_FILTERS,
  constructors: ENTRY_FILTERS,
  drivers: ENTRY_FILTERS,
  results: ENTRY_FILTERS,
  sprint: ENTRY_FILTERS,
  qualifying: ENTRY_FILTERS,
  status: ENTRY_FILTERS,
  driverStandings: ['drivers', 'driverStandings'],
  constructorStandings: ['constructors', 'constructorStandings'],
  pitstops: ENTRY_FILTERS,
};
const COMBINED_SEASON = 2024;
const PIT_STOP_ROUND = '2024/5';

const subsets = (items, size) =>
  size === 0 ? [[]] : items.flatMap((item, index) => subsets(items.slice(index + 1), size - 1).map((rest) => [item, ...rest]));

/**
 * Every resource with each of its filters alone and each pair, across the history and within one season (pit stops
 * need a round), then deep pages: the last page of the largest lists, and an offset past every list.
 */
function combinations() {
  const urls = [];
  for (const [resource, filters] of Object.entries(RESOURCE_FILTERS)) {
    const prefixes = resource === 'pitstops' ? [PIT_STOP_ROUND] : ['', String(COMBINED_SEASON)];
    for (const chosen of [...subsets(filters, 1), ...subsets(filters, 2)]) {
      const path = chosen.map((filter) => `${filter}/${FILTER_VALUES[filter]}`).join('/');
      for (const prefix of prefixes) urls.push(`${prefix ? `${prefix}/` : ''}${path}/${resource}.json`);
    }
  }
  for (const resource of ['results', 'qualifying', 'driverStandings', 'status', 'drivers', 'races']) {
    urls.push(`${resource}.json?limit=100&offset=20000`, `${resource}.json?limit=100&offset=100000`);
  }
  urls.push('drivers/lewis-hamilton/results.json?limit=1000&offset=300');
  return urls;
}

const WALK_URLS = {
  single: SEASONS.flatMap(resourcesOf),
  combined: combinations(),
};

async function timed(url) {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'accept-encoding': 'gzip' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch (error) {
    if (error.name !== 'TimeoutError') throw error;
    return { status: 'timeout', ms: TIMEOUT_MS };
  }
}

/** One pass: a newly started server, warmed up, then every URL of the walks once (a new server after a timeout). */
async function pass(serverArgs, env, port) {
  const base = `http://127.0.0.1:${port}/api/ergast/f1`;
  const start = async () => {
    const server = await startServer(serverArgs, env, `http://127.0.0.1:${port}/api/health`);
    for (const resource of resourcesOf(WARM_UP_SEASON)) await timed(`${base}/${resource}`);
    return server;
  };
  let server = await start();
  try {
    const timings = [];
    for (const walk of WALKS) {
      for (const resource of WALK_URLS[walk]) {
        const timing = await timed(`${base}/${resource}`);
        timings.push({ walk, resource, ...timing });
        if (timing.status === 'timeout') {
          server.kill('SIGKILL');
          await stop(server);
          server = await start();
        }
      }
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
  return passes[0].map(({ walk, resource }, index) => {
    const runs = passes.map((timings) => timings[index]);
    const ms = runs.map((run) => run.ms).sort((a, b) => a - b);
    const status = runs.find((run) => run.status !== 200)?.status ?? 200;
    return { kind, walk, resource, status, best: ms[0], median: percentile(ms, 0.5), target: TARGET_MS[walk][kind] };
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

const results = [];
for (const [index, kind] of DATABASES.entries()) results.push(...(await benchDatabase(kind, FIRST_PORT + index)));

const loads = os.loadavg().map((load) => load.toFixed(1)).join(' ');
console.log(
  `\nEach URL asked once per pass (not cached), ${PASSES} passes, clock pinned at ${NOW}, node ${process.version}, ${os.cpus().length} CPUs, load average ${loads}`,
);
const passed = (r) => r.status !== 'timeout' && r.status < 500 && r.best < r.target;
const row = (r) => [r.kind, r.walk, r.resource, r.status, r.best.toFixed(1), r.median.toFixed(1), r.target, passed(r) ? 'ok' : 'MISSED'];
const header = ['database', 'walk', 'request', 'status', 'best', 'median', 'target', ''];
if (WALKS.includes('single')) {
  console.log('\nSingle resources:\n');
  console.log(table(header, results.filter((r) => r.walk === 'single').map(row)));
}
for (const kind of DATABASES) {
  console.log(`\nSlowest ten on ${kind} (by best pass):\n`);
  const slowest = results.filter((r) => r.kind === kind).sort((a, b) => b.best - a.best).slice(0, 10);
  console.log(table(header, slowest.map(row)));
}
const unexpected = results.filter((r) => r.status !== 200);
if (unexpected.length > 0) {
  console.log('\nNot 200 (check the walk asks what the API supports):\n');
  console.log(table(header, unexpected.map(row)));
}
console.log('');
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return [`${percentile(sorted, 0.5).toFixed(1)} ms`, `${percentile(sorted, 0.95).toFixed(1)} ms`, `${sorted.at(-1).toFixed(1)} ms`];
};
console.log(
  table(
    ['database', 'walk', 'requests', 'target', 'best: median', 'p95', 'max', 'median pass: median', 'p95', 'max', 'missed'],
    DATABASES.flatMap((kind) =>
      WALKS.map((walk) => {
        const ofKind = results.filter((r) => r.kind === kind && r.walk === walk);
        return [
          kind,
          walk,
          ofKind.length,
          `${TARGET_MS[walk][kind]} ms`,
          ...summary(ofKind.map((r) => r.best)),
          ...summary(ofKind.map((r) => r.median)),
          ofKind.filter((r) => !passed(r)).length,
        ];
      }),
    ),
  ),
);
