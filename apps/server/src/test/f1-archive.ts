import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/client';
import { createArchiveClient, type ArchiveClient } from '../ingest/livetiming';
import { openF1TestDatabase } from './f1-database';
import { startArchiveStandIn } from './livetimingArchive';

/**
 * For a test file that reads the recorded sessions: the full F1DB and a stand-in serving the recorded archive,
 * opened before its tests and closed after them.
 */
export function useF1DatabaseAndArchive(): { db(): Db; archiveClient(): ArchiveClient } {
  let opened: { database: Awaited<ReturnType<typeof openF1TestDatabase>>; archive: Awaited<ReturnType<typeof startArchiveStandIn>> } | undefined;
  beforeAll(async () => {
    opened = { database: await openF1TestDatabase(), archive: await startArchiveStandIn() };
  });
  afterAll(async () => {
    await opened?.archive.close();
    await opened?.database.close();
  });
  return {
    db: () => opened!.database.db,
    archiveClient: () => createArchiveClient({ baseUrl: opened!.archive.url }),
  };
}
