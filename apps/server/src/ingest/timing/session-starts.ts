import type { Db } from '../../db/client';
import { archiveSessionStarts } from '../../db/schema';
import { loadSeasonMeetings } from '../../modules/f1/calendar/queries';
import { archiveSessionKind, archiveSessions, indexSessionStart, readArchiveJson, type ArchiveClient } from '../livetiming';

type IndexSession = { Type?: string; Name?: string; StartDate?: string; GmtOffset?: string };

/**
 * Stores the start time the archive's season index (`{season}/Index.json`) gives each session of the season that
 * F1DB gives none, matched by kind and UTC day; returns how many it stored. Sessions F1DB times are left alone.
 */
export async function storeSeasonSessionStarts(db: Db, client: ArchiveClient, season: number): Promise<number> {
  const index = (await readArchiveJson(client, `${season}/Index.json`)) as { Meetings?: { Sessions?: IndexSession[] }[] } | undefined;
  const indexed = (index?.Meetings ?? []).flatMap((meeting) =>
    (meeting.Sessions ?? []).flatMap((session) => {
      const kind = session.Name ? archiveSessionKind(season, session.Name, session.Type) : undefined;
      const startsAt = indexSessionStart(session);
      return kind && startsAt ? [{ kind: archiveSessions[kind], startsAt }] : [];
    }),
  );
  const rows = (await loadSeasonMeetings(db, season)).flatMap((meeting) =>
    meeting.sessions.flatMap((session) => {
      if (session.startsAt !== null) return [];
      const found = indexed.filter((start) => start.kind === session.kind && start.startsAt.toISOString().slice(0, 10) === session.date);
      return found.length === 1 ? [{ raceId: meeting.raceId, kind: session.kind, startsAt: found[0]!.startsAt }] : [];
    }),
  );
  if (rows.length > 0) await db.insert(archiveSessionStarts).values(rows).onConflictDoNothing();
  return rows.length;
}
