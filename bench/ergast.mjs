// `npm run bench:ergast`: how long the Ergast API takes to answer a request it has not cached, for single resources
// of seasons across the championship's history, on PGlite and on PostgreSQL (a fresh database, F1DB imported once).
// Every URL is asked once, so each answer is computed (its SQL run) rather than read from the answer cache; the server
// is warmed first with each resource of another season, as a running server would be. Target: 50 ms each.
//
// Environment: BENCH_DATABASES (pglite,postgres), BENCH_PORT (default 3190), BENCH_POSTGRES_URL.
import os from 'node:os';
import { prepareDatabase, productionServerArgs, startServer, stop, table } from './lib.mjs';

const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3190);
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

async function benchDatabase(kind, port) {
  console.log(`\n== ${kind}: importing F1DB once`);
  const { env, cleanUp } = await prepareDatabase(kind, port, NOW);
  const base = `http://127.0.0.1:${port}/api/ergast/f1`;
  const server = await startServer(productionServerArgs(), env, `http://127.0.0.1:${port}/api/health`);
  const rows = [];
  try {
    for (const resource of resourcesOf(WARM_UP_SEASON)) await timed(`${base}/${resource}`);
    for (const season of SEASONS) {
      for (const resource of resourcesOf(season)) {
        const { status, ms } = await timed(`${base}/${resource}`);
        rows.push({ kind, resource, status, ms });
      }
    }
  } finally {
    await stop(server);
    await cleanUp();
  }
  return rows;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

const results = [];
for (const [index, kind] of DATABASES.entries()) results.push(...(await benchDatabase(kind, FIRST_PORT + index)));

console.log(`\nEach URL asked once (not cached), clock pinned at ${NOW}, node ${process.version}, ${os.cpus().length} CPUs; target ${TARGET_MS} ms\n`);
console.log(table(['database', 'request', 'status', 'ms', 'target'], results.map((r) => [r.kind, r.resource, r.status, r.ms.toFixed(1), r.status === 200 && r.ms < TARGET_MS ? 'ok' : 'MISSED'])));
console.log('');
console.log(
  table(
    ['database', 'requests', 'median', 'p95', 'max', 'missed'],
    DATABASES.map((kind) => {
      const ms = results.filter((r) => r.kind === kind).map((r) => r.ms).sort((a, b) => a - b);
      const missed = results.filter((r) => r.kind === kind && (r.status !== 200 || r.ms >= TARGET_MS)).length;
      return [kind, ms.length, `${percentile(ms, 0.5).toFixed(1)} ms`, `${percentile(ms, 0.95).toFixed(1)} ms`, `${ms.at(-1).toFixed(1)} ms`, missed];
    }),
  ),
);
