import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { announceCommits } from './writes';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** The SQL migrations (and drizzle's journal of them, meta/_journal.json). */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * PGlite under dataDir by default (or in memory with memory://), a PostgreSQL server for a
 * postgres:// URL. The same schema and queries run on both.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl?.startsWith('postgres')) {
    // A server that is down must answer 503 quickly, not hold requests for the OS's connect timeout.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
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
    return {
      db: announceCommits(db as unknown as Db),
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      async close() {
        await pool.end();
        await Promise.all(connections);
      },
    };
  }
  const inMemory = databaseUrl === 'memory://';
  if (!inMemory) fs.mkdirSync(dataDir, { recursive: true });
  return pgliteDatabase(inMemory ? new PGlite() : new PGlite(path.join(dataDir, 'pglite')));
}

/** A Database over a PGlite instance the caller made (say one loaded from a dump with loadDataDir). */
export async function pgliteDatabase(client: PGlite): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: announceCommits(db as unknown as Db),
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
