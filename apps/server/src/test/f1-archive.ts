import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../db/client';
import { createArchiveClient, type ArchiveClient, type ArchiveEntrant, type ArchiveSession } from '../ingest/livetiming';
import { openF1TestDatabase } from './f1-database';
import { startArchiveStandIn } from './livetimingArchive';
import { findRecordedSession, type RecordedSession } from './recorded-sessions';

/**
 * For a test file that reads the recorded sessions: the full F1DB and a stand-in serving the recorded archive,
 * opened before its tests and closed after them.
 */
type FoundSession = { client: ArchiveClient; found: ArchiveSession; entrants: ArchiveEntrant[] };

export function useF1DatabaseAndArchive(): { db(): Db; archiveClient(): ArchiveClient; recordedSession(session: RecordedSession): Promise<FoundSession> } {
  let opened: { database: Awaited<ReturnType<typeof openF1TestDatabase>>; archive: Awaited<ReturnType<typeof startArchiveStandIn>> } | undefined;
  beforeAll(async () => {
    opened = { database: await openF1TestDatabase(), archive: await startArchiveStandIn() };
  });
  afterAll(async () => {
    await opened?.archive.close();
    await opened?.database.close();
  });
  const db = () => opened!.database.db;
  const archiveClient = () => createArchiveClient({ baseUrl: opened!.archive.url });
  return {
    db,
    archiveClient,
    /** A recorded session's folder in the archive and its entrants, as F1DB names them. */
    async recordedSession(session) {
      const client = archiveClient();
      const { found, entrants } = await findRecordedSession(client, db(), session);
      expect(found, 'the session folder is found').toBeDefined();
      return { client, found: found!, entrants };
    },
  };
}
