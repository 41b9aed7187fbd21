// `npm run bench:api`: the hot read endpoints under load (autocannon, 100 connections), the server on PGlite and on
// PostgreSQL (a fresh database, F1DB imported once), each beside a bare node:http server answering a prepared buffer
// of the same bytes in the same run. Prints rps, the ratio to bare, p99 latency (the app's and bare's), the CPU time
// each server used per request (steadier than rps on a machine doing other work), errors and the server's peak RSS.
//
// Environment: BENCH_SECONDS (per endpoint, default 10), BENCH_CONNECTIONS (100), BENCH_DATABASES (pglite,postgres),
// BENCH_PORT (first of the ports used, default 3180), BENCH_POSTGRES_URL (the server to create the database on).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { prepareDatabase, productionServerArgs, startServer, stop, table } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3180);
/** A racing clock pinned mid-season, so "next" and the standings are the same on every run. */
const NOW = process.env.SLIPSTREAM_NOW ?? '2025-07-05T12:00:00Z';
/** What a browser sends: the answers are compressed as they would be for visitors. */
const CLIENT_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
const TARGETS = { ratio: 0.6, p99Ms: 20, rssMb: 250 };

const ENDPOINTS = [
  { name: 'driver standings', path: '/api/drivers' },
  { name: 'team standings', path: '/api/teams' },
  { name: "a season's races", path: '/api/seasons/2025/meetings' },
  // The round before the pinned clock's weekend: complete with results.
  { name: "a round's results", path: '/api/seasons/2025/meetings/austrian-grand-prix' },
  { name: 'next meeting', path: '/api/get-next' },
];

/** The resident set size of a process in MB (Linux /proc), sampled every 50 ms; peak() gives the highest seen. */
function rssSampler(pid) {
  const read = () => {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  };
  let peak = read();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, read());
    } catch {
      // The process ended.
    }
  }, 50);
  return { peak: () => peak, stop: () => clearInterval(timer) };
}

/** The CPU time (user + system) a process has used so far, in µs (Linux /proc, clock ticks of 10 ms). */
function cpuMicroseconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** Runs the load against url, measuring the CPU time the server (pid) used per request meanwhile. */
async function loadMeasured(url, pid) {
  const before = cpuMicroseconds(pid);
  const result = await load(url);
  return { ...result, cpuPerRequest: (cpuMicroseconds(pid) - before) / result.requests.total };
}

/** The full answer of the app (status, headers, body bytes, compressed as sent) for the bare server to replay. */
function capture(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: CLIENT_HEADERS }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !HOP_HEADERS.has(name)));
          resolve({ status: response.statusCode, headers, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function load(url) {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: CLIENT_HEADERS });
}

async function warm(url) {
  await autocannon({ url, connections: 10, duration: 1, headers: CLIENT_HEADERS });
}

async function benchDatabase(kind, port) {
  console.log(`\n== ${kind}: importing F1DB once`);
  const { env, cleanUp } = await prepareDatabase(kind, port, NOW);
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(productionServerArgs(), env, `${base}/api/health`);
  const rows = [];
  try {
    for (const endpoint of ENDPOINTS) {
      const answer = await capture(`${base}${endpoint.path}`);
      if (answer.status !== 200) throw new Error(`${endpoint.path}: ${answer.status}`);
      const replayFile = path.join(os.tmpdir(), `slipstream-bench-${process.pid}.json`);
      fs.writeFileSync(replayFile, JSON.stringify(answer));
      const barePort = port + 1;
      const bare = await startServer(['bench/bare-server.mjs', replayFile, String(barePort)], process.env, `http://127.0.0.1:${barePort}/`);
      try {
        await warm(`${base}${endpoint.path}`);
        const sampler = rssSampler(server.pid);
        const app = await loadMeasured(`${base}${endpoint.path}`, server.pid);
        sampler.stop();
        await warm(`http://127.0.0.1:${barePort}${endpoint.path}`);
        const reference = await loadMeasured(`http://127.0.0.1:${barePort}${endpoint.path}`, bare.pid);
        rows.push(resultRow(kind, endpoint, app, reference, sampler.peak(), Buffer.from(answer.body, 'base64').length));
      } finally {
        await stop(bare);
        fs.rmSync(replayFile, { force: true });
      }
    }
  } finally {
    await stop(server);
    await cleanUp();
  }
  return rows;
}

function resultRow(kind, endpoint, app, bare, rssMb, bytes) {
  const ratio = app.requests.average / bare.requests.average;
  const problems = app.errors + app.timeouts + app.non2xx;
  const pass = ratio >= TARGETS.ratio && app.latency.p99 < TARGETS.p99Ms && problems === 0 && rssMb < TARGETS.rssMb;
  return [
    kind,
    `${endpoint.name} ${endpoint.path}`,
    `${(bytes / 1024).toFixed(1)} kB`,
    Math.round(app.requests.average),
    Math.round(bare.requests.average),
    `${Math.round(ratio * 100)}%`,
    `${app.latency.p99} ms`,
    `${bare.latency.p99} ms`,
    `${Math.round(app.cpuPerRequest)} µs`,
    `${Math.round(bare.cpuPerRequest)} µs`,
    `${app.errors + app.timeouts}/${app.non2xx}`,
    `${Math.round(rssMb)} MB`,
    pass ? 'ok' : 'MISSED',
  ];
}

const rows = [];
for (const [index, kind] of DATABASES.entries()) rows.push(...(await benchDatabase(kind, FIRST_PORT + index * 2)));
console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per endpoint, clock pinned at ${NOW}, node ${process.version}, ${os.cpus().length} CPUs`);
console.log(`Targets: >= ${TARGETS.ratio * 100}% of bare rps, p99 < ${TARGETS.p99Ms} ms, no errors, server RSS < ${TARGETS.rssMb} MB\n`);
console.log(table(['database', 'endpoint', 'answer', 'rps', 'bare rps', 'ratio', 'p99', 'bare p99', 'CPU/req', 'bare CPU/req', 'errors/non-2xx', 'RSS peak', 'target'], rows));
