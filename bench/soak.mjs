#!/usr/bin/env node
// `npm run bench:soak`: a race weekend's traffic for SOAK_MINUTES against the production build, first one instance
// on PGlite, then two instances on PostgreSQL + Redis behind nginx (the set-up of docs/deploy.md, bench/lib/cluster.mjs).
// Requests arrive at a fixed rate, SOAK_RATE a second, whatever the answers take (an open loop, as visitors do): a
// mix of landing pages and the calls they make (80 %), Ergast filters including the heavy combined ones and paging
// with ever new offsets (15 %), sign-ins with wrong passwords (5 %), while SOAK_STREAMS event streams stay open.
// Each answer's time counts from the moment its request was due, so a stalled server (or generator) shows in the
// figures rather than delaying the requests behind it. Prints p50/p99 per class, answers by status, dropped streams
// and the servers' resident memory each minute. Goal: p99 of pages and hot reads under 50 ms, no 5xx, memory flat.
//
// Environment: SOAK_MINUTES (10), SOAK_SETUPS (pglite,cluster), SOAK_RATE (1000 requests a second), SOAK_RAMP_SECONDS
// (30, the rise from 0 to that rate), SOAK_STREAMS (1000), BENCH_PORT (3400; the cluster takes E2E_PORT's ports, see docs/deploy.md), SLIPSTREAM_NOW,
// BENCH_POSTGRES_URL.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { prepareDatabase, productionServerArgs, run, serverEnv, startServer, stop, table } from './lib.mjs';
import { startCluster } from './lib/cluster.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SETUPS = (process.env.SOAK_SETUPS ?? 'pglite,cluster').split(',');
const RATE = Number(process.env.SOAK_RATE ?? 1000);
/** The rate rises evenly from 0 over this many seconds first, as traffic does before a session, not on a cold instance at once. */
const RAMP_SECONDS = Number(process.env.SOAK_RAMP_SECONDS ?? 30);
/** Requests still unanswered past which the generator stops sending (counted as not sent): the server has stalled. */
const MAX_IN_FLIGHT = 2000;
const STREAMS = Number(process.env.SOAK_STREAMS ?? 1000);
const PORT = Number(process.env.BENCH_PORT ?? 3400);
/** A Sunday of a race weekend whose results are in: every page has its full content. */
const NOW = process.env.SLIPSTREAM_NOW ?? '2025-07-06T18:00:00Z';
const GOAL_P99_MS = 50;
/** One address opens every stream here, so the per-address cap is lifted for the run. */
const STREAM_CAPS = { LIVE_STREAMS_PER_ADDRESS: String(STREAMS + 50), LIVE_STREAMS_TOTAL: String(2 * STREAMS + 50) };

const random = (below) => Math.floor(Math.random() * below);
const pick = (list) => list[random(list.length)];

const PAGES = ['/', '/drivers', '/teams', '/schedule', '/schedule/2025/british-grand-prix', '/race-results/2024', '/qualifying-results/2024', '/live', '/vote'];
const HOT_READS = ['/api/get-next', '/api/get-last', '/api/event-tracker', '/api/time', '/api/drivers', '/api/teams', '/api/seasons/2025/meetings', '/api/seasons/2025/meetings/british-grand-prix'];
const HEAVY_ERGAST = ['2024/constructorStandings/3/results.json', '2023/driverStandings/1/races.json', 'constructors/ferrari/constructorStandings/1/drivers.json'];
let offsetCounter = 0;
const ergastPaths = [
  () => pick(HEAVY_ERGAST),
  () => `${1950 + random(76)}/results.json?limit=30&offset=${(offsetCounter += 7)}`,
  () => `${1958 + random(68)}/${1 + random(10)}/constructorStandings.json`,
  () => `drivers/${pick(['alonso', 'fernando-alonso', 'hamilton', 'lewis-hamilton'])}/results.json?offset=${random(400)}`,
];

const CLASSES = [
  { name: 'pages', share: 0.45, request: () => ({ path: pick(PAGES), accept: 'text/html' }) },
  { name: 'hot reads', share: 0.35, request: () => ({ path: pick(HOT_READS) }) },
  { name: 'ergast filters', share: 0.15, request: () => ({ path: `/api/ergast/f1/${pick(ergastPaths)()}` }) },
  {
    name: 'wrong sign-ins',
    share: 0.05,
    request: () => ({ path: '/api/auth/sign-in', body: { email: `fan-${random(500)}@example.com`, password: 'not the password at all' } }),
  },
];

function pickClass() {
  let roll = Math.random();
  for (const trafficClass of CLASSES) {
    roll -= trafficClass.share;
    if (roll < 0) return trafficClass;
  }
  return CLASSES[0];
}

/** The resident set size of a process in MB (Linux /proc); 0 once it has ended. */
function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Opens count event streams in batches; closed() tells how many the server ended before the run did. */
async function openStreams(url, count) {
  const sockets = [];
  let refused = 0;
  let dropped = 0;
  let finished = false;
  const open = () =>
    new Promise((resolve) => {
      const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) {
          refused += 1;
          response.resume();
          return resolve();
        }
        response.on('data', () => undefined);
        response.on('close', () => (finished ? undefined : (dropped += 1)));
        sockets.push(request);
        resolve();
      });
      request.on('error', () => {
        if (!finished) refused += 1;
        resolve();
      });
    });
  for (let opened = 0; opened < count; opened += 50) await Promise.all(Array.from({ length: Math.min(50, count - opened) }, open));
  return {
    summary: () => ({ open: sockets.length - dropped, refused, dropped }),
    close() {
      finished = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Keep-alive connections, as browsers and nginx hold them; bodies are read as they come, compressed. */
function requester(base) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return ({ path: address, body, accept = 'application/json' }) =>
    new Promise((resolve) => {
      const payload = body ? JSON.stringify(body) : undefined;
      const headers = { accept, 'accept-encoding': 'gzip, br', origin: base, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) };
      const request = http.request(`${base}${address}`, { method: payload ? 'POST' : 'GET', headers, agent, timeout: 30_000 }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode));
        response.on('error', () => resolve('error'));
      });
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve('error'));
      request.end(payload);
    });
}

/** When the request numbered index is due, in ms from the start: on the ramp, then RATE a second. */
function dueAfterMs(index) {
  const onRamp = (RATE * RAMP_SECONDS) / 2;
  return 1000 * (index < onRamp ? Math.sqrt((2 * RAMP_SECONDS * index) / RATE) : index / RATE + RAMP_SECONDS / 2);
}

/** Sends requests at the ramp's and then RATE a second until the deadline, each timed from when it was due. */
async function arrivals(base, deadline, record) {
  const send = requester(base);
  const started = performance.now();
  const pending = new Set();
  let due = 0;
  let notSent = 0;
  while (Date.now() < deadline) {
    const now = performance.now();
    for (; started + dueAfterMs(due) <= now; due += 1) {
      const dueAt = started + dueAfterMs(due);
      if (pending.size >= MAX_IN_FLIGHT) {
        notSent += 1;
        continue;
      }
      const trafficClass = pickClass();
      const answer = send(trafficClass.request()).then((status) => {
        record(trafficClass.name, performance.now() - dueAt, status);
        pending.delete(answer);
      });
      pending.add(answer);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(pending);
  return notSent;
}

const percentile = (sorted, p) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);

/** Runs the traffic against base for MINUTES, sampling the servers' memory; returns what it saw. */
async function soak(base, pids) {
  const streams = await openStreams(`${base}/api/live/events`, STREAMS);
  const byClass = new Map(CLASSES.map(({ name }) => [name, { times: [], statuses: {} }]));
  const record = (name, ms, status) => {
    const entry = byClass.get(name);
    entry.times.push(ms);
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
  };
  const memory = [];
  const sample = () => memory.push({ minute: memory.length, rss: pids.map(rssMb), requests: [...byClass.values()].reduce((sum, { times }) => sum + times.length, 0) });
  sample();
  const sampler = setInterval(sample, 60_000);
  const deadline = Date.now() + MINUTES * 60_000;
  const notSent = await arrivals(base, deadline, record);
  clearInterval(sampler);
  sample();
  const streamState = streams.summary();
  streams.close();
  return { byClass, memory, streamState, notSent };
}

function print(setup, { byClass, memory, streamState, notSent }) {
  const answered = [...byClass.values()].reduce((sum, { times }) => sum + times.length, 0);
  console.log(`\n## ${setup}: ${MINUTES} min, ${RATE} requests a second (${(answered / (MINUTES * 60)).toFixed(0)} answered a second, ${notSent} not sent), ${STREAMS} event streams (${JSON.stringify(streamState)})`);
  const rows = [...byClass].map(([name, { times, statuses }]) => {
    const sorted = [...times].sort((a, b) => a - b);
    const serverErrors = Object.entries(statuses).filter(([status]) => status === 'error' || Number(status) >= 500).reduce((sum, [, n]) => sum + n, 0);
    const answers = Object.entries(statuses).map(([status, n]) => `${status}:${n}`).join(' ');
    return [name, times.length, percentile(sorted, 50).toFixed(1), percentile(sorted, 99).toFixed(1), serverErrors, answers];
  });
  console.log(table(['class', 'requests', 'p50 ms', 'p99 ms', '5xx/failed', 'answers'], rows));
  console.log(`\nresident memory (MB) per instance, each minute:`);
  console.log(table(['minute', 'requests so far', ...memory[0].rss.map((_, index) => `instance ${index + 1}`)], memory.map((m) => [m.minute, m.requests, ...m.rss.map((mb) => mb.toFixed(0))])));
  const hot = rows.filter(([name]) => name === 'pages' || name === 'hot reads');
  // The caches fill up to their byte budgets in the first minutes: flat means no growth from the run's middle on.
  const middle = memory[Math.floor(memory.length / 2)];
  const growth = Math.max(...memory.at(-1).rss.map((last, index) => last / Math.max(1, middle.rss[index])));
  console.log(`\n${hot.every(([, , , p99]) => Number(p99) < GOAL_P99_MS) ? 'MET' : 'NOT MET'}: p99 of pages and hot reads under ${GOAL_P99_MS} ms`);
  console.log(`${notSent === 0 && rows.every(([, , , , errors]) => errors === 0) ? 'MET' : 'NOT MET'}: no 5xx or failed request`);
  console.log(`${growth <= 1.05 ? 'MET' : 'NOT MET'}: memory flat (last minute / the run's middle minute ${growth.toFixed(2)}, at most 1.05)`);
}

async function soakOnPglite() {
  const { env, cleanUp } = await prepareDatabase('pglite', PORT, NOW);
  const server = await startServer(productionServerArgs(), { ...env, ...STREAM_CAPS }, `http://127.0.0.1:${PORT}/api/ready`);
  try {
    print('one instance, PGlite', await soak(`http://127.0.0.1:${PORT}`, [server.pid]));
  } finally {
    await stop(server);
    await cleanUp();
  }
}

async function soakOnCluster() {
  const importDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-soak-'));
  const importF1db = (databaseUrl) => run(['--import', 'tsx', 'apps/server/src/ingest/f1db/cli.ts'], serverEnv(PORT, NOW, { DATABASE_URL: databaseUrl, DATA_DIR: importDir }));
  const cluster = await startCluster({
    seed: importF1db,
    env: { NODE_ENV: 'production', SLIPSTREAM_TEST_HOOKS: 'false', SLIPSTREAM_NOW: NOW, SMTP_URL: 'smtp://127.0.0.1:9', LIVETIMING_FEED: 'false', ...STREAM_CAPS },
  });
  try {
    print('two instances, PostgreSQL + Redis behind nginx', await soak(cluster.url('nginx', ''), [cluster.instances.a.pid, cluster.instances.b.pid]));
  } finally {
    await cluster.stop();
    fs.rmSync(importDir, { recursive: true, force: true });
  }
}

console.log(`bench:soak at ${RATE} requests a second on ${os.cpus().length} cores, load ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}; clock ${NOW}`);
if (SETUPS.includes('pglite')) await soakOnPglite();
if (SETUPS.includes('cluster')) await soakOnCluster();
