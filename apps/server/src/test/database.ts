import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_POSTGRES_URL (dropped again by the returned close()).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (!serverUrl) {
    const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
    await database.migrate();
    return database;
  }
  const name = `slipstream_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  await database.migrate();
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

async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
