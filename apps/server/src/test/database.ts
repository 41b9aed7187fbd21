import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_POSTGRES_URL (dropped again by the returned close()).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  const database = serverUrl ? await createServerDatabase(serverUrl) : await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
  await database.migrate();
  return database;
}

/** A new database on the server, empty or a copy of template; close() drops it. */
export async function createServerDatabase(serverUrl: string, template?: string, options: { statementTimeoutMs?: number } = {}): Promise<Database> {
  const name = `slipstream_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const database = await openDatabase({ databaseUrl: serverDatabaseUrl(serverUrl, name), dataDir: '', ...options });
  return {
    ...database,
    async close() {
      await database.close();
      // Not "with (force)": the pool's sockets may still be closing, and forcing would kill them mid-goodbye
      // (an uncaught FATAL in the test run). PostgreSQL waits up to 5 s for them to leave by themselves.
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name}`));
    },
  };
}

/** The URL of another database on the same server. */
export function serverDatabaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
