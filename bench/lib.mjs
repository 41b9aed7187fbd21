// Shared by the benchmarks: the repository paths, a throw-away PostgreSQL database, and small formatting helpers.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
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
