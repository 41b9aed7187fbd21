import pg from 'pg';
import type { Database } from '../db/client';
import { createServerDatabase } from './database';
import { seedF1 } from './f1-seed';
import { TcpProxy } from './tcp-proxy';

/** The PostgreSQL server the outage tests cut, and whether it answers at all (they are skipped when not). */
export const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const postgresAnswers = await new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 })
  .connect()
  .then((client: pg.Client) => client.end().then(() => true))
  .catch(() => false);

/** A fresh database on that server, migrated and seeded, reached through a proxy a test can cut and restore. */
export async function seededDatabaseBehindProxy(): Promise<{ proxy: TcpProxy; database: Database }> {
  const server = new URL(postgresUrl);
  const proxy = await TcpProxy.start({ host: server.hostname, port: Number(server.port || 5432) });
  const throughProxy = new URL(postgresUrl);
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  const database = await createServerDatabase(throughProxy.toString());
  await database.migrate();
  await seedF1(database.db);
  return { proxy, database };
}
