// `npm run bench:live`: one recorded session's live-timing updates fanned out to many event-stream clients. A
// production server (PGlite, F1DB imported once, its racing clock pinned in the 2025 Miami Sprint) holds the live
// feed of a stand-in SignalR hub in this process, which replays the sprint from its start; CLIENTS pages listen on
// GET /api/live/events. For each tower update (event `live-timing`) it prints the delay from the newest feed message
// it carries reaching the server to the update reaching the last client (p50, p99; goal p99 < 250 ms), the same from
// the oldest message it carries (this adds the tower's coalescing wait, up to 200 ms), the spread from the first
// client to the last, and the server's CPU. A message counts as carried by the first update the first client gets
// after the hub sent it. The clients run in BENCH_CLIENT_THREADS worker threads of this process (default 4), so their
// own work is part of the delays.
//
// Environment: BENCH_CLIENTS (default 1000), BENCH_SECONDS (of replay, default 60), BENCH_SPEED (replay speed,
// default 10), BENCH_PORT (server port, default 3190), BENCH_CLIENT_THREADS.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { prepareDatabase, productionServerArgs, startServer, stop, table } from './lib.mjs';
import { MIAMI_SPRINT, MIAMI_SPRINT_STARTED_MS, startSignalrHub } from '../apps/server/src/test/signalrHub.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SPEED = Number(process.env.BENCH_SPEED ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const THREADS = Number(process.env.BENCH_CLIENT_THREADS ?? 4);
/** Ten minutes after the sprint's scheduled start (16:00 UTC), inside its feed window. */
const NOW = '2025-05-03T16:10:00Z';
const GOAL_P99_MS = 250;

/** The CPU time (user + system) a process has used so far, in ms (Linux /proc, clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Now as epoch milliseconds with sub-millisecond precision, comparable across threads. */
const now = () => performance.timeOrigin + performance.now();

/** Starts the client threads and resolves once every stream is open; report() merges what they saw. */
async function startClients(url, total, threads) {
  const workers = Array.from({ length: threads }, (_, index) => {
    const count = Math.floor(total / threads) + (index < total % threads ? 1 : 0);
    return new Worker(new URL('./lib/live-clients.mjs', import.meta.url), { workerData: { url, count } });
  });
  await Promise.all(workers.map((worker) => new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  })));
  return {
    async report() {
      const reports = await Promise.all(workers.map((worker) => new Promise((resolve) => {
        worker.once('message', (message) => resolve(message.updates));
        worker.postMessage('report');
      })));
      await Promise.all(workers.map((worker) => worker.terminate()));
      const updates = new Map();
      for (const [seq, seen] of reports.flat()) {
        const update = updates.get(seq) ?? { first: seen.first, last: seen.last, count: 0 };
        update.first = Math.min(update.first, seen.first);
        update.last = Math.max(update.last, seen.last);
        update.count += seen.count;
        updates.set(seq, update);
      }
      return updates;
    },
  };
}

async function main() {
  const hubSends = [];
  const hub = await startSignalrHub({
    sessionPath: MIAMI_SPRINT,
    speed: SPEED,
    fromMs: MIAMI_SPRINT_STARTED_MS,
    paused: true,
    onSent: () => hubSends.push(now()),
  });
  const { env, cleanUp } = await prepareDatabase('pglite', PORT, NOW);
  const server = await startServer(
    productionServerArgs(),
    {
      ...env,
      LIVETIMING_FEED: 'true',
      LIVETIMING_URL: hub.url,
      LIVE_STREAMS_PER_ADDRESS: String(CLIENTS + 10),
      LIVE_STREAMS_TOTAL: String(CLIENTS + 10),
    },
    `http://127.0.0.1:${PORT}/api/health`,
  );
  try {
    for (let waited = 0; hub.subscriptions().length === 0; waited += 100) {
      if (waited > 60_000) throw new Error('the server did not subscribe to the hub');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const clients = await startClients(`http://127.0.0.1:${PORT}/api/live/events`, CLIENTS, THREADS);

    const cpuBefore = cpuMs(server.pid);
    const startedAt = now();
    hub.play();
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    hub.pause();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const wallMs = now() - startedAt;
    const cpuUsed = cpuMs(server.pid) - cpuBefore;
    const updates = await clients.report();

    const complete = [...updates.values()].filter((update) => update.count === CLIENTS).sort((a, b) => a.first - b.first);
    const fromNewest = [];
    const fromOldest = [];
    const spread = [];
    let previousFirst = -Infinity;
    for (const update of complete) {
      const carried = hubSends.filter((sentAt) => sentAt > previousFirst && sentAt < update.first);
      previousFirst = update.first;
      spread.push(update.last - update.first);
      if (carried.length === 0) continue;
      fromNewest.push(update.last - carried.at(-1));
      fromOldest.push(update.last - carried[0]);
    }
    const ms = (values, p) => `${percentile([...values].sort((a, b) => a - b), p).toFixed(1)} ms`;
    console.log(`\n${hubSends.length} feed messages (2025 Miami Sprint from its start, ${SPEED}× for ${SECONDS} s) → ${complete.length} tower updates, each to all ${CLIENTS} clients (${updates.size - complete.length} reached fewer)\n`);
    console.log(
      table(
        ['measure', 'p50', 'p99'],
        [
          ['newest message carried → last client', ms(fromNewest, 50), ms(fromNewest, 99)],
          ['oldest message carried → last client', ms(fromOldest, 50), ms(fromOldest, 99)],
          ['first client → last client', ms(spread, 50), ms(spread, 99)],
        ],
      ),
    );
    console.log(`\nserver CPU: ${(cpuUsed / 1000).toFixed(1)} s in ${(wallMs / 1000).toFixed(1)} s (${((100 * cpuUsed) / wallMs).toFixed(0)}% of one core)`);
    const p99 = percentile([...fromNewest].sort((a, b) => a - b), 99);
    console.log(`goal p99 < ${GOAL_P99_MS} ms (newest message → last client): ${p99 < GOAL_P99_MS ? 'met' : 'NOT met'}`);
  } finally {
    await stop(server);
    await hub.close();
    await cleanUp();
  }
}

await main();
