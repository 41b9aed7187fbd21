import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { serverRoot } from '../paths';
import * as schema from './schema';
import { type Commits, watchCommits } from './commits';
import type { Db } from './db-type';
import { newPGlite, pgliteFolder } from './pglite';

export type { Db };

export type Database = {
  db: Db;
  /**
   * The same database without the statement timeout (DATABASE_STATEMENT_TIMEOUT_MS), for the work no request waits
   * on that may run long statements on purpose: migrations, the F1DB import at start and by the release sync.
   */
  untimed: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for messages: "PostgreSQL", "PGlite (./data)", "PGlite (./data, through the running server)". */
  description: string;
  /** Told after every write through db has committed (db/commits.ts): what moves the data revision. */
  commits: Commits;
  /** Resolves while the database answers (the health checks); the embedded database's worker answers for itself. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** The SQL migrations (and drizzle's journal of them, meta/_journal.json). */
export const migrationsFolder = path.join(serverRoot, 'drizzle');

/**
 * PGlite under dataDir by default (or in memory with memory://), a PostgreSQL server for a
 * postgres:// URL. The same schema and queries run on both. Each driver is loaded only when used: PGlite's
 * WebAssembly Postgres costs memory a server on PostgreSQL should not carry.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; statementTimeoutMs?: number }): Promise<Database> {
  const { databaseUrl, dataDir, statementTimeoutMs } = options;
  if (databaseUrl?.startsWith('postgres')) {
    const target = { connectionString: databaseUrl };
    if (statementTimeoutMs === undefined) return postgresDatabase(target, 'PostgreSQL');
    return withUntimed(await postgresDatabase(target, 'PostgreSQL', { statementTimeoutMs }), await postgresDatabase(target, 'PostgreSQL', { max: 2 }));
  }
  const inMemory = databaseUrl === 'memory://';
  if (!inMemory) fs.mkdirSync(dataDir, { recursive: true });
  const client = await newPGlite(inMemory ? undefined : pgliteFolder(dataDir));
  return pgliteDatabase(client, inMemory ? 'PGlite (in memory)' : `PGlite (${dataDir})`);
}

/** Where node-postgres connects: a URL, or the host (a socket folder) and port of a local socket. */
export type PostgresTarget = { connectionString: string } | { host: string; port: number; user: string; database: string };

export type PostgresOptions = {
  /** PostgreSQL cancels a statement of this pool that runs longer (statement_timeout); unset, none is cancelled. */
  statementTimeoutMs?: number;
  /** Called with each connection the pool opens (the embedded database's worker explains the errors of its own). */
  onConnect?: (client: PoolClient) => void;
  /** The pool's size (default 10). */
  max?: number;
};

export async function postgresDatabase(target: PostgresTarget, description: string, options: PostgresOptions = {}): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A server that is down must answer 503 quickly, not hold requests for the OS's connect timeout.
  // JIT compiling costs tens of milliseconds per statement whose estimate crosses its threshold (an Ergast filter
  // over the whole history does), more than these statements take to run: docs/performance.md.
  const pool = new pg.Pool({
    ...target,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    statement_timeout: options.statementTimeoutMs,
    options: '-c jit=off',
  });
  // An idle connection that the server drops (a restart) emits 'error' on the pool; unhandled, it would end the
  // process. The pool discards that client and opens a new one on the next query, so the server recovers alone.
  pool.on('error', () => undefined);
  // pool.end() resolves before its connections have closed; close() waits for them, so that a caller may drop
  // the database right after (the tests do) without the server killing connections still shutting down.
  const connections = new Set<Promise<void>>();
  pool.on('connect', (client) => {
    // A connection cut while checked out (a transaction) emits 'error' with no listener of the pool's; its query
    // fails with the same error, so this one has nothing to add, and without it the process would end.
    client.on('error', () => undefined);
    options.onConnect?.(client);
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
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  });
}

/** Either driver's drizzle instance as the one Db type, watched for commits. */
function withCommits(driverDb: unknown, rest: Omit<Database, 'db' | 'untimed' | 'commits' | 'ping'>): Database {
  const db = driverDb as Db;
  const ping = async () => {
    await db.execute(sql`select 1`);
  };
  return { db, untimed: db, commits: watchCommits(db), ping, ...rest };
}

/**
 * A database whose statements are timed, with untimed, a second connection to the same data for the work no
 * request waits on (its connections are opened when first used). Its commits are announced as the timed one's.
 */
export function withUntimed(timed: Database, untimed: Database): Database {
  untimed.commits.subscribe(() => timed.commits.announce());
  return {
    ...timed,
    untimed: untimed.db,
    migrate: () => untimed.migrate(),
    async close() {
      await timed.close();
      await untimed.close();
    },
  };
}
