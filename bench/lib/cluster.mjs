/**
 * Two Slipstream instances behind nginx, on a fresh PostgreSQL database and a Redis of their own: the set-up of
 * bench/scale-out.mjs and bench/faults.mjs. Everything listens on loopback; every process started here is
 * stopped by stop() (the database is dropped).
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshPostgresDatabase, productionServerArgs, repoRoot } from '../lib.mjs';

const basePort = Number(process.env.E2E_PORT ?? 3170);
const ports = { nginx: basePort, a: basePort + 1, b: basePort + 2, redis: basePort + 9 };
const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** China 2025's vote is open at this instant of the seeded dataset. */
const NOW = '2025-03-25T12:00:00Z';
export const CHINA_2025 = 1127;
export const chinaBallot = { raceId: CHINA_2025, bestPointScorer: 'oscar-piastri', bestOfTheRest: 'charles-leclerc', bestTeam: 'mclaren' };

const results = [];
export function report(ok, what) {
  results.push(ok);
  console.log(`${ok ? 'PASS' : 'FAIL'} ${what}`);
}
function summary() {
  const failed = results.filter((ok) => !ok).length;
  console.log(failed === 0 ? `ALL PASS (${results.length})` : `${failed} of ${results.length} FAILED`);
  return failed === 0 ? 0 : 1;
}

function which(binary, fallbacks = []) {
  for (const candidate of [binary, ...fallbacks]) {
    if (spawnSync(candidate, ['-v']).error === undefined) return candidate;
  }
  throw new Error(`${binary} not found: apt-get install -y ${binary === 'nginx' ? 'nginx' : 'redis-server'}`);
}

async function waitFor(what, check, timeoutMs = 60_000, failure = () => undefined) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const failed = failure();
    if (failed) throw new Error(`${what}: ${failed}`);
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts a cluster with `env` for its instances, runs `checks` against it and stops it; exits 1 on any FAIL or
 * when the script itself throws.
 */
export async function runClusterCheck(env, checks) {
  const cluster = await startCluster({ env });
  let exitCode = 1;
  try {
    await checks(cluster);
    exitCode = summary();
  } catch (error) {
    console.error(error);
    report(false, `the script itself failed: ${error.message}`);
  } finally {
    await cluster.stop();
  }
  process.exit(exitCode);
}

/** The small dataset of the server tests: enough for the scale-out and fault checks, which vote on one race. */
function seedVoteRace(databaseUrl) {
  const seeded = spawnSync(path.join(repoRoot, 'node_modules/.bin/tsx'), ['bench/seed-vote-race.ts', databaseUrl], { cwd: repoRoot, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seeding the database failed');
}

export async function startCluster({ env = {}, seed = seedVoteRace } = {}) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-cluster-'));
  fs.chmodSync(work, 0o777);
  const children = [];
  let database;
  const redisUrl = `redis://127.0.0.1:${ports.redis}`;

  const start = (name, command, args, extraEnv = {}) => {
    const log = fs.openSync(path.join(work, `${name}.log`), 'a');
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...extraEnv }, stdio: ['ignore', log, log] });
    child.name = name;
    children.push(child);
    return child;
  };

  try {
    return await launch();
  } catch (error) {
    for (const child of children) child.kill('SIGKILL');
    await database?.drop().catch(() => undefined);
    throw error;
  }

  async function launch() {
    // Redis of our own: never the shared one.
    start('redis', which('redis-server'), ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    await waitFor('redis', () => spawnSync('redis-cli', ['-p', String(ports.redis), 'ping']).stdout?.toString().includes('PONG'));

    database = await freshPostgresDatabase(postgresUrl);
    const databaseUrl = database.url;
    await seed(databaseUrl);

    const sessionSecret = crypto.randomBytes(32).toString('base64url');
    const instanceEnv = (port) => ({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SESSION_SECRET: sessionSecret,
      PUBLIC_URL: `http://127.0.0.1:${ports.nginx}`,
      TRUST_PROXY: 'loopback',
      DATA_DIR: path.join(work, `data-${port}`),
      SLIPSTREAM_NOW: NOW,
      SLIPSTREAM_TEST_HOOKS: 'true',
      F1DB_AUTO_IMPORT: 'false',
      NEWS_REFRESH: 'false',
      F1DB_SYNC: 'false',
      LIVETIMING_SYNC: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    });
    // node itself (no npm wrapper): one process per instance, so a SIGKILL kills the server itself.
    const instances = {};
    const serverArgs = productionServerArgs();
    for (const name of ['a', 'b']) {
      instances[name] = start(name, process.execPath, serverArgs, instanceEnv(ports[name]));
    }

    fs.writeFileSync(path.join(work, 'nginx.conf'), nginxConf(work));
    start('nginx', which('nginx', ['/usr/sbin/nginx']), ['-c', path.join(work, 'nginx.conf'), '-p', work, '-e', path.join(work, 'nginx-error.log')]);

    for (const port of [ports.a, ports.b, ports.nginx]) {
      await waitFor(`the server on ${port}`, async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok, 60_000, () => {
        const gone = children.find((child) => child.exitCode !== null);
        return gone && `${gone.name} exited (${gone.exitCode}): ${fs.readFileSync(path.join(work, `${gone.name}.log`), 'utf8').trim().split('\n').at(-1)}`;
      });
    }

    return {
      work,
      databaseUrl,
      instances,
      url: (which, pathname) => `http://127.0.0.1:${ports[which]}${pathname}`,
      async query(sql, params = []) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          return (await client.query(sql, params)).rows;
        } finally {
          await client.end();
        }
      },
      async stop() {
        for (const child of children.reverse()) {
          if (child.exitCode === null && child.signalCode === null) {
            const exited = new Promise((resolve) => child.once('exit', resolve));
            child.kill('SIGTERM');
            await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          }
        }
        await database.drop();
        if (!process.env.KEEP_CLUSTER_LOGS) fs.rmSync(work, { recursive: true, force: true });
      },
    };
  }
}

/** Round-robin over both instances; the event stream unbuffered and long-lived (see docs/deploy.md). */
function nginxConf(work) {
  return `
daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
worker_rlimit_nofile 8192;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${work}/client_body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  upstream slipstream {
    server 127.0.0.1:${ports.a} max_fails=1 fail_timeout=5s;
    server 127.0.0.1:${ports.b} max_fails=1 fail_timeout=5s;
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${ports.nginx};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    location /api/live/events {
      proxy_pass http://slipstream;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://slipstream;
    }
  }
}
`;
}

/** A client of the site: keeps the cookies it is given, like a browser. */
export function client(baseUrl, { address } = {}) {
  const cookies = new Map();
  return {
    cookies,
    async request(pathname, { method = 'GET', body, headers = {} } = {}) {
      const response = await fetch(`${baseUrl}${pathname}`, {
        method,
        headers: {
          'x-requested-with': 'fetch',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookies.size > 0 ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
          ...(address ? { 'x-forwarded-for': address } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const text = await response.text();
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, json, text };
    },
  };
}

/** Reads a server-sent event stream; events() holds every event so far. */
export async function openEventStream(url) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  const received = [];
  let buffer = '';
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.event) received.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data ?? '{}') });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: response.status,
    events: () => received,
    async waitFor(predicate, timeoutMs = 10_000) {
      await waitFor('an event', () => received.some(predicate), timeoutMs).catch(() => undefined);
      return received.find(predicate);
    },
    close: () => controller.abort(),
  };
}

;
