import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { archiveSessions, createArchiveClient, findArchiveSession, loadArchiveEntrants, readArchiveClassification, readArchiveDriverList } from '../livetiming';
import { readAndStoreSessionTiming } from '../timing/backfill';
import type { ReadClassification, ReadDriverList, ReadTiming } from './job';

/** The live-timing archive as the job reads it: the reader, where it reads from, and whether it runs on its own. */
export type LiveTimingSource = { read: ReadClassification; readDriverList?: ReadDriverList; readTiming?: ReadTiming; url: string; scheduled: boolean };

/**
 * The live-timing job's reader of F1's archive (LIVETIMING_URL; LIVETIMING_SYNC=false leaves the job to the admin's
 * "Check now"): the archive folder of the meeting's session (year, race and session days, kind, grand prix name),
 * the round's entrants, then the session's classification as the archive has it now.
 */
export function liveTimingSource({ config, db }: { config: Config; db: Db }): LiveTimingSource {
  const client = createArchiveClient({ baseUrl: config.liveTimingUrl });
  const read: ReadClassification = async (meeting, kind) => {
    const session = meeting.sessions.find((s) => s.kind === archiveSessions[kind]);
    const folder = await findArchiveSession(client, {
      year: meeting.season,
      raceDate: meeting.date,
      sessionDate: session?.date ?? meeting.date,
      kind,
      grandPrixName: meeting.name,
    });
    if (!folder) return undefined;
    return readArchiveClassification(client, folder, await loadArchiveEntrants(db, meeting.season, meeting.round));
  };
  const readDriverList: ReadDriverList = async (meeting) => {
    const race = meeting.sessions.find((s) => s.kind === 'RACE');
    const folder = await findArchiveSession(client, { year: meeting.season, raceDate: meeting.date, sessionDate: race?.date ?? meeting.date, kind: 'RACE', grandPrixName: meeting.name });
    if (!folder) return undefined;
    return { sessionPath: folder.path, entries: await readArchiveDriverList(client, folder, await loadArchiveEntrants(db, meeting.season, meeting.round)) };
  };
  const readTiming: ReadTiming = async (meeting, kind) => {
    await readAndStoreSessionTiming(db, client, meeting, kind, new Date());
  };
  return { read, readDriverList, readTiming, url: config.liveTimingUrl, scheduled: config.liveTimingSync };
}
