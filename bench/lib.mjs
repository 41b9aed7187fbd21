// Shared by the benchmarks: the repository paths, a throw-away PostgreSQL database, and small formatting helpers.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const f1dbDir = process.env.F1DB_DIR ?? path.resolve(repoRoot, '../shared/data/f1db');
/** The PostgreSQL server the benchmarks create their fresh databases on (BENCH_POSTGRES_URL). */
export const postgresServerUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The node arguments that start the server as production does (apps/server's start script: the bundle built from
 * the current source, under its V8 memory flags), so the benchmarks measure what is deployed. Builds it first.
 */
export function productionServerArgs() {
  const serverDir = path.join(repoRoot, 'apps/server');
  execFileSync(process.execPath, [path.join(serverDir, 'build.mjs')], { stdio: 'inherit' });
  const { scripts } = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  return scripts.start.split(' ').slice(1).map((arg) => (arg.endsWith('.js') ? path.join(serverDir, arg) : arg));
}

/** A new, empty database on the server; drop() removes it again. */
export async function freshPostgresDatabase(serverUrl = postgresServerUrl) {
  const name = `slipstream_bench_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}

async function adminQuery(serverUrl, text) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A fixed-width text table. */
export function table(header, rows) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => cells.map((cell, column) => String(cell).padEnd(widths[column])).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** The environment of a production server on port, its racing clock pinned at now. */
export const serverEnv = (port, now, extra) => ({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  LOG_LEVEL: 'warn',
  SLIPSTREAM_NOW: now,
  SESSION_SECRET: 'a-benchmark-session-secret-of-more-than-32-characters',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // Production requires one; the benchmarks send no mail.
  SMTP_URL: 'smtp://127.0.0.1:9',
  NEWS_REFRESH: 'false',
  F1DB_SYNC: 'false',
  LIVETIMING_SYNC: 'false',
  // The pinned clock may fall in a session: the benchmarks never open F1's live feed unless they ask for it.
  LIVETIMING_FEED: 'false',
  F1DB_DIR: f1dbDir,
  F1DB_AUTO_IMPORT: 'false',
  ...extra,
});

/** Runs a node script to its end; rejects on a non-zero exit. */
export function run(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

/** Starts a node server and resolves once url answers. */
export async function startServer(args, env, url) {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((_, reject) => child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`))));
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const ready = await fetch(url).then((response) => response.ok, () => false);
    if (ready) return child;
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  child.kill();
  throw new Error(`${url} did not answer`);
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** Prepares a database with F1DB once; returns the environment the server needs and a clean-up. */
export async function prepareDatabase(kind, port, now) {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-bench-'));
    const env = serverEnv(port, now, { DATA_DIR: dataDir });
    await run(['--import', 'tsx', 'apps/server/src/ingest/f1db/cli.ts'], env);
    return { env, cleanUp: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const database = await freshPostgresDatabase();
  const env = serverEnv(port, now, { DATABASE_URL: database.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-bench-')) });
  await run(['--import', 'tsx', 'apps/server/src/ingest/f1db/cli.ts'], env);
  return { env, cleanUp: () => database.drop() };
}

