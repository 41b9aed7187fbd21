// `npm run bench:analysis`: how long a race's analysis (GET /api/seasons/:year/meetings/:slug/analysis) takes to
// answer warm, against the meeting page's own answer (GET /api/seasons/:year/meetings/:slug) measured the same way in
// the same run, so the ratio holds on a loaded machine. A production server on PostgreSQL (F1DB imported, the 2018
// Azerbaijan Grand Prix's timing read by `import:timing` from the stand-in archive serving the recorded race). Each
// answer is asked BENCH_REQUESTS times after a warm-up; the first (computed, not cached) is reported apart. Then the
// storage the timing takes in PostgreSQL. Target: the analysis under 50 ms warm (p50).
//
// Environment: BENCH_PORT (default 7800; the archive stand-in takes the next port), BENCH_REQUESTS (200),
// BENCH_POSTGRES_URL.
import { execFileSync } from 'node:child_process';
import { startArchiveStandIn } from '../apps/server/src/test/livetimingArchive.ts';
import { freshPostgresDatabase, productionServerArgs, run, serverEnv, startServer, stop, table } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 7800);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const NOW = '2026-11-25T12:00:00Z';
const TARGET_MS = 50;
const MEETING = '/api/seasons/2018/meetings/azerbaijan-grand-prix';

async function timed(url) {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: 'application/json', 'accept-encoding': 'gzip' } });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return { ms: performance.now() - started, bytes: body.byteLength };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(url) {
  const first = await timed(url);
  for (let i = 0; i < 20; i += 1) await timed(url);
  const times = [];
  for (let i = 0; i < REQUESTS; i += 1) times.push((await timed(url)).ms);
  times.sort((a, b) => a - b);
  return { first: first.ms, bytes: first.bytes, p50: percentile(times, 50), p99: percentile(times, 99) };
}

const database = await freshPostgresDatabase();
const archive = await startArchiveStandIn({ port: PORT + 1 });
const env = serverEnv(PORT, NOW, { DATABASE_URL: database.url, LIVETIMING_URL: archive.url });
let server;
try {
  await run(['--import', 'tsx', 'apps/server/src/ingest/f1db/cli.ts'], env);
  await run(['--import', 'tsx', 'apps/server/src/ingest/timing/cli.ts', '--season', '2018', '--pause-ms', '0'], env);
  server = await startServer(productionServerArgs(), env, `http://127.0.0.1:${PORT}/api/health`);
  const base = `http://127.0.0.1:${PORT}`;
  const reference = await measure(`${base}${MEETING}`);
  const analysis = await measure(`${base}${MEETING}/analysis`);
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(`\n${REQUESTS} requests each after 20 to warm up, one at a time:\n`);
  console.log(
    table(
      ['answer', 'first (computed)', 'p50 warm', 'p99 warm', 'bytes'],
      [
        ['meeting page (reference)', ms(reference.first), ms(reference.p50), ms(reference.p99), String(reference.bytes)],
        ['race analysis', ms(analysis.first), ms(analysis.p50), ms(analysis.p99), String(analysis.bytes)],
      ],
    ),
  );
  console.log(`\nanalysis / reference (p50 warm): ${(analysis.p50 / reference.p50).toFixed(2)}`);
  console.log(`target: under ${TARGET_MS} ms warm: ${analysis.p50 < TARGET_MS ? 'met' : 'NOT met'}`);
  const sizes = execFileSync('psql', [
    database.url,
    '-At',
    '-c',
    `select relname, n_live_tup, pg_total_relation_size(relid) from pg_stat_user_tables where relname like 'timing\\_%' and relname <> 'timing_driver_list' order by relname`,
  ]).toString();
  console.log('\nStorage of the timing read (the 2018 sessions the archive stand-in has):');
  console.log(table(['table', 'rows', 'bytes (with indexes)'], sizes.trim().split('\n').map((line) => line.split('|'))));
} finally {
  if (server) await stop(server);
  await archive.close();
  await database.drop();
}
