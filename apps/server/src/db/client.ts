import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { serverRoot } from '../paths';
import * as schema from './schema';
import { type Commits, watchCommits } from './commits';
import type { Db } from './db-type';

export type { Db };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for messages: "PostgreSQL", "PGlite (./data)", "PGlite (./data, through the running server)". */
  description: string;
  /** Told after every write through db has committed (db/commits.ts): what moves the data revision. */
  commits: Commits;
  /** The embedded database itself, when this process holds it (db/embedded.ts shares it with local commands). */
  pglite?: PGlite;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** The SQL migrations (and drizzle's journal of them, meta/_journal.json). */
export const migrationsFolder = path.join(serverRoot, 'drizzle');

/**
 * PostgreSQL's 128 MB default would sit inside the server process with PGlite (its WASM memory), for data that
 * lives in the OS page cache anyway; the hot answers are cached above the database.
 * See docs/decisions/006-memory-flags.md.
 */
const PGLITE_SHARED_BUFFERS = '8MB';

/**
 * PGlite under dataDir by default (or in memory with memory://), a PostgreSQL server for a
 * postgres:// URL. The same schema and queries run on both. Each driver is loaded only when used: PGlite's
 * WebAssembly Postgres costs memory a server on PostgreSQL should not carry.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl?.startsWith('postgres')) return postgresDatabase({ connectionString: databaseUrl }, 'PostgreSQL');
  const inMemory = databaseUrl === 'memory://';
  if (!inMemory) fs.mkdirSync(dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const client = new PGlite({ dataDir: inMemory ? undefined : pgliteFolder(dataDir), startParams });
  return pgliteDatabase(client, inMemory ? 'PGlite (in memory)' : `PGlite (${dataDir})`);
}

/** The folder under DATA_DIR that PGlite keeps its files in. */
export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Where node-postgres connects: a URL, or the host (a socket folder) and port of a local socket. */
export type PostgresTarget = { connectionString: string } | { host: string; port: number; user: string; database: string };

export async function postgresDatabase(target: PostgresTarget, description: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A server that is down must answer 503 quickly, not hold requests for the OS's connect timeout.
  // JIT compiling costs tens of milliseconds per statement whose estimate crosses its threshold (an Ergast filter
  // over the whole history does), more than these statements take to run: docs/performance.md.
  const pool = new pg.Pool({ ...target, max: 10, connectionTimeoutMillis: 5000, options: '-c jit=off' });
  // An idle connection that the server drops (a restart) emits 'error' on the pool; unhandled, it would end the
  // process. The pool discards that client and opens a new one on the next query, so the server recovers alone.
  pool.on('error', () => undefined);
  // pool.end() resolves before its connections have closed; close() waits for them, so that a caller may drop
  // the database right after (the tests do) without the server killing connections still shutting down.
  const connections = new Set<Promise<void>>();
  pool.on('connect', (client) => {
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    connections.add(ended);
    void ended.then(() => connections.delete(ended));
  });
  const db = drizzlePg(pool, { schema });
  return withCommits(db, {
    kind: 'postgres',
    description,
    migrate: () => migratePg(db, { migrationsFolder }),
    async close() {
      await pool.end();
      await Promise.all(connections);
    },
  });
}

/** A Database over a PGlite instance the caller made (say one loaded from a dump with loadDataDir). */
export async function pgliteDatabase(client: PGlite, description = 'PGlite'): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return withCommits(db, {
    kind: 'pglite',
    description,
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  });
}

/** Either driver's drizzle instance as the one Db type, watched for commits. */
function withCommits(driverDb: unknown, rest: Omit<Database, 'db' | 'commits'>): Database {
  const db = driverDb as Db;
  return { db, commits: watchCommits(db), ...rest };
}
