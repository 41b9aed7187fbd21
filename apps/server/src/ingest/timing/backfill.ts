import type { Db } from '../../db/client';
import { loadSeasonMeetings, type MeetingRecord } from '../../modules/f1/calendar/queries';
import { describeSession, sessionWindow } from '../../modules/f1/calendar/timetable';
import { archiveSessions, findArchiveSession, loadArchiveEntrants, readSessionTiming, type ArchiveClient, type ArchiveSessionKind } from '../livetiming';
import { storedTimingSessions, storeSessionTiming } from './store';

export type BackfillReport = {
  stored: string[];
  /** Sessions already stored by an earlier run: left alone. */
  skipped: number;
  /** What the archive lacks: a session it does not have, or the topics a stored session has not. */
  lacking: string[];
  failed: string[];
};

export type BackfillOptions = {
  db: Db;
  client: ArchiveClient;
  season: number;
  now: Date;
  /** The wait between two sessions read from the archive: a polite pace for F1's servers. */
  pauseMs: number;
  log?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
};

const ARCHIVE_KINDS = Object.entries(archiveSessions) as [ArchiveSessionKind, (typeof archiveSessions)[ArchiveSessionKind]][];

/**
 * Reads the timing of every ended session of a season that is not stored yet, one session at a time and a pause
 * between sessions; a run stopped half-way resumes where it stopped, since stored sessions are skipped.
 */
export async function backfillSeasonTiming(options: BackfillOptions): Promise<BackfillReport> {
  const { db, client, season, now } = options;
  const log = options.log ?? (() => {});
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const report: BackfillReport = { stored: [], skipped: 0, lacking: [], failed: [] };
  let first = true;
  for (const meeting of await loadSeasonMeetings(db, season)) {
    const stored = new Set(await storedTimingSessions(db, meeting.raceId));
    for (const { kind, session, label } of endedSessions(meeting, now)) {
      if (stored.has(session)) {
        report.skipped++;
        continue;
      }
      if (!first) await sleep(options.pauseMs);
      first = false;
      try {
        const outcome = await readAndStoreSessionTiming(db, client, meeting, kind, now);
        if (outcome.lacking) report.lacking.push(`${label}: ${outcome.lacking}`);
        if (outcome.stored) report.stored.push(label);
        log(`${label}: ${outcome.stored ? 'stored' : 'not stored'}${outcome.lacking ? ` (${outcome.lacking})` : ''}`);
      } catch (error) {
        report.failed.push(`${label}: ${(error as Error).message}`);
        log(`${label}: failed: ${(error as Error).message}`);
      }
    }
  }
  return report;
}

function endedSessions(meeting: MeetingRecord, now: Date) {
  return ARCHIVE_KINDS.flatMap(([kind, session]) => {
    const record = meeting.sessions.find((candidate) => candidate.kind === session);
    if (!record || sessionWindow(record).end > now.getTime()) return [];
    return [{ kind, session, label: `${meeting.season} ${meeting.name} ${describeSession(session, meeting.season, meeting.sprintQualifyingFormat)}` }];
  });
}

/** Reads one session's timing from the archive and stores it; `lacking` says what the archive did not have. */
export async function readAndStoreSessionTiming(db: Db, client: ArchiveClient, meeting: MeetingRecord, kind: ArchiveSessionKind, now: Date): Promise<{ stored: boolean; lacking?: string }> {
  const session = archiveSessions[kind];
  const record = meeting.sessions.find((candidate) => candidate.kind === session);
  const folder = await findArchiveSession(client, { year: meeting.season, raceDate: meeting.date, sessionDate: record?.date ?? meeting.date, kind, grandPrixName: meeting.name });
  if (!folder) return { stored: false, lacking: 'the archive has no such session' };
  const timing = await readSessionTiming(client, folder, await loadArchiveEntrants(db, meeting.season, meeting.round));
  await storeSessionTiming(db, { raceId: meeting.raceId, session }, timing, now);
  const unmapped = timing.unmapped.map((driver) => `car ${driver.racingNumber} (${driver.name}) matches no entrant`);
  return { stored: true, lacking: [...timing.missingTopics.map((topic) => `no ${topic}`), ...unmapped].join(', ') || undefined };
}
