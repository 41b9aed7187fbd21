import type { Database } from '../db/client';
import { openTestDatabase } from './database';
import { startFeedServer, type FeedServer } from './feedServer';

/** What the news ingestion tests run against: a fresh database and a local feed server. */
export type NewsBench = { database: Database; server: FeedServer; close(): Promise<void> };

export async function openNewsBench(): Promise<NewsBench> {
  const database = await openTestDatabase();
  const server = await startFeedServer();
  return {
    database,
    server,
    async close() {
      await server.close();
      await database.close();
    },
  };
}
