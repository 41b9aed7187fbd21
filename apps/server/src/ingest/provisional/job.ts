import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { EventBus } from '../../lib/events';
import { localJobLock, type JobLock } from '../../lib/job-lock';
import { loadSeasonMeetings, type MeetingRecord } from '../../modules/f1/calendar/queries';
import { describeSession, sessionWindow } from '../../modules/f1/calendar/timetable';
import { describeFailure, recordSourceStatus } from '../source-status';
import { archiveSessions, type ArchiveSessionKind } from '../livetiming';
import type { StorableClassification, StorableSession } from './classification';
import { hasDriverList, storeDriverList, type StorableDriverListEntry } from './driver-list';
import { hasClassification, storeClassification } from './store';

/** Reads a session's classification from the live-timing archive; undefined while the archive has no such session. */
export type ReadClassification = (meeting: MeetingRecord, kind: ArchiveSessionKind) => Promise<StorableClassification | undefined>;
/** Reads a final session's lap-by-lap timing from the archive and stores it. */
export type ReadTiming = (meeting: MeetingRecord, kind: ArchiveSessionKind) => Promise<void>;
/** Reads the DriverList of a meeting's race; undefined while the archive has no such session. */
export type ReadDriverList = (meeting: MeetingRecord) => Promise<{ sessionPath: string; entries: StorableDriverListEntry[] } | undefined>;

const MINUTE = 60_000;

export type LiveTimingJobOptions = {
  db: Db;
  clock: Clock;
  events: EventBus;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  read: ReadClassification;
  /** Reads and stores the session's lap-by-lap timing once its final classification is stored. */
  readTiming?: ReadTiming;
  /** Without it, the job reads driver lists only with classifications. */
  readDriverList?: ReadDriverList;
  /** How often a session waiting for its classification is read again (default a minute). */
  pollMs?: number;
  /** The longest wait between reads of a session whose reads fail (default 15 minutes). */
  maxBackoffMs?: number;
  /** How long after its scheduled end a session is watched (default 6 hours). */
  watchMs?: number;
  /** Several instances: the one holding the lock reads the archive, the others leave it (and its status) to it. */
  lock?: JobLock;
};

/** One session the job watches: due from its scheduled end by the racing clock, for watchMs. */
type Watched = { meeting: MeetingRecord; kind: ArchiveSessionKind; session: StorableSession; label: string };

export type LiveTimingCheck = {
  /** Sessions whose final classification was stored (or confirmed unchanged) by this check. */
  stored: string[];
  /** Sessions still waiting: the archive has no final classification yet, or reading it failed. */
  waiting: string[];
  failed: string[];
};

export type LiveTimingJob = {
  /** Reads every due session now, whatever its backoff (the admin's "Check now"). */
  checkNow(): Promise<LiveTimingCheck>;
  /** What the timer does every pollMs: reads the due sessions whose backoff has passed. */
  tick(): Promise<LiveTimingCheck>;
  /** Checks every pollMs until stopped. */
  start(): void;
  /** Cancels the next check and waits for one under way. */
  stop(): Promise<void>;
};

/**
 * Keeps the results current from F1's live-timing archive. From a session's scheduled end (the calendar's, by the
 * racing clock) it reads that session's archive every minute until the classification is final, then stores it as
 * provisional results; for at most watchMs. A session whose read fails waits longer each time (doubling, up to
 * maxBackoffMs). Drivers the archive has that match no entrant are logged and shown in the source's status, never
 * stored. Every check writes the source's status for the admin dashboard.
 */
export function createLiveTimingJob(options: LiveTimingJobOptions): LiveTimingJob {
  const { db, clock, events, log, read, readDriverList, readTiming } = options;
  const pollMs = options.pollMs ?? MINUTE;
  const maxBackoffMs = options.maxBackoffMs ?? 15 * MINUTE;
  const watchMs = options.watchMs ?? 6 * 60 * MINUTE;
  /** Per session: failures in a row and when (wall clock) it may be read again. */
  const backoff = new Map<string, { failures: number; notBefore: number }>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<LiveTimingCheck> | undefined;
  let stopped = false;

  const readOne = async (watched: Watched, result: LiveTimingCheck, problems: string[]) => {
    const key = `${watched.meeting.raceId}/${watched.session}`;
    try {
      const classification = await read(watched.meeting, watched.kind);
      if (!classification?.final) {
        result.waiting.push(watched.label);
        backoff.delete(key);
        return;
      }
      if (classification.unmapped.length > 0) {
        const names = classification.unmapped.map((driver) => `#${driver.racingNumber} ${driver.name}`).join(', ');
        log.warn({ session: watched.label, unmapped: classification.unmapped }, 'live timing: drivers match no entrant; stored without them');
        problems.push(`${watched.label}: no entrant matches ${names}`);
      }
      const outcome = await storeClassification({ db, events }, { raceId: watched.meeting.raceId, session: watched.session }, classification);
      log.info({ session: watched.label, ...outcome }, 'live timing: classification stored');
      result.stored.push(watched.label);
      backoff.delete(key);
      await readFinalTiming(watched, problems);
    } catch (error) {
      const failures = (backoff.get(key)?.failures ?? 0) + 1;
      backoff.set(key, { failures, notBefore: Date.now() + Math.min(pollMs * 2 ** failures, maxBackoffMs) });
      log.warn({ session: watched.label, err: error }, 'live timing: the session could not be read or stored');
      problems.push(`${watched.label}: ${describeFailure(error)}`);
      result.failed.push(watched.label);
    }
  };

  /** The timing is read once, when the session is final; a failure is reported and `npm run import:timing` reads it later. */
  const readFinalTiming = async (watched: Watched, problems: string[]) => {
    if (!readTiming) return;
    try {
      await readTiming(watched.meeting, watched.kind);
    } catch (error) {
      log.warn({ session: watched.label, err: error }, 'live timing: the session timing could not be read or stored');
      problems.push(`${watched.label} timing: ${describeFailure(error)}`);
    }
  };

  /**
   * Until a session of the racing clock's season has given the DriverList (a new deployment, or between weekends),
   * the season's latest race run gives it, so the current drivers' photos show before the next session ends.
   */
  const readMissingDriverList = async (problems: string[]) => {
    const now = clock.now();
    if (!readDriverList || (await hasDriverList(db, now.getUTCFullYear()))) return;
    const meetings = await loadSeasonMeetings(db, now.getUTCFullYear());
    const latestRace = meetings.filter((meeting) => meeting.sessions.some((record) => record.kind === 'RACE' && sessionWindow(record).end <= now.getTime())).at(-1);
    if (!latestRace) return;
    try {
      const driverList = await readDriverList(latestRace);
      if (driverList) await storeDriverList(db, latestRace.season, driverList.sessionPath, driverList.entries, new Date());
    } catch (error) {
      log.warn({ err: error }, 'live timing: the latest race could not be read for its driver list');
      problems.push(`${latestRace.season} ${latestRace.name} driver list: ${describeFailure(error)}`);
    }
  };

  const check = async (ignoreBackoff: boolean): Promise<LiveTimingCheck> => {
    const startedAt = new Date();
    const result: LiveTimingCheck = { stored: [], waiting: [], failed: [] };
    const problems: string[] = [];
    try {
      await readMissingDriverList(problems);
      const due = await dueSessions(db, clock.now(), watchMs);
      for (const watched of due) {
        const wait = backoff.get(`${watched.meeting.raceId}/${watched.session}`);
        if (!ignoreBackoff && wait && wait.notBefore > Date.now()) {
          result.waiting.push(watched.label);
          continue;
        }
        await readOne(watched, result, problems);
      }
      await recordSourceStatus(db, 'live-timing', {
        ...(result.stored.length > 0 ? { version: result.stored.at(-1)!, lastSuccessAt: new Date() } : {}),
        detail: describeCheck(result, due.length),
        lastCheckAt: startedAt,
        nextCheckAt: new Date(Date.now() + pollMs),
        ...(problems.length > 0 ? { lastError: problems.join('; '), lastErrorAt: new Date() } : {}),
      });
    } catch (error) {
      log.error({ err: error }, 'live timing: the check failed');
      await recordSourceStatus(db, 'live-timing', { lastCheckAt: startedAt, lastError: describeFailure(error), lastErrorAt: new Date() }).catch(() => undefined);
    }
    return result;
  };

  const lock = options.lock ?? localJobLock;
  const checkAlone = async (ignoreBackoff: boolean): Promise<LiveTimingCheck> => {
    const outcome = await lock.runAlone('live-timing', () => check(ignoreBackoff));
    return outcome.ran ? outcome.value : { stored: [], waiting: [], failed: [] };
  };

  const once = (ignoreBackoff: boolean) => {
    running ??= checkAlone(ignoreBackoff).finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void once(false).finally(schedule), pollMs);
    timer.unref();
  };

  return {
    checkNow: () => once(true),
    tick: () => once(false),
    start() {
      stopped = false;
      void once(false).finally(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

function describeCheck(result: LiveTimingCheck, due: number): string {
  if (due === 0) return 'No session ended within the watch window: nothing to read.';
  const parts = [
    result.stored.length > 0 ? `stored ${result.stored.join(', ')}` : '',
    result.waiting.length > 0 ? `waiting for the final classification of ${result.waiting.join(', ')}` : '',
    result.failed.length > 0 ? `could not read ${result.failed.join(', ')}` : '',
  ].filter(Boolean);
  return `${parts.join('; ')}.`.replace(/^./, (first) => first.toUpperCase());
}

const KIND_OF_SESSION = Object.fromEntries(Object.entries(archiveSessions).map(([kind, session]) => [session, kind])) as Record<StorableSession, ArchiveSessionKind>;

/**
 * The sessions whose scheduled end lies within watchMs before now, whose classification is not stored yet, in the
 * order they ended. The calendar is the stored timetable with the admin's changes (a moved session, a cancelled one).
 */
async function dueSessions(db: Db, now: Date, watchMs: number): Promise<Watched[]> {
  const years = new Set([new Date(now.getTime() - watchMs).getUTCFullYear(), now.getUTCFullYear()]);
  const meetings = (await Promise.all([...years].map((year) => loadSeasonMeetings(db, year)))).flat();
  const candidates = meetings.flatMap((meeting) =>
    meeting.sessions.flatMap((record) => {
      const kind = KIND_OF_SESSION[record.kind as StorableSession];
      const end = sessionWindow(record).end;
      if (!kind || end > now.getTime() || end <= now.getTime() - watchMs) return [];
      const label = `${meeting.season} ${meeting.name} ${describeSession(record.kind, meeting.season, meeting.sprintQualifyingFormat)}`;
      return [{ meeting, kind, session: record.kind as StorableSession, label, end }];
    }),
  );
  const due: (Watched & { end: number })[] = [];
  for (const candidate of candidates) {
    if (!(await hasClassification(db, { raceId: candidate.meeting.raceId, session: candidate.session }))) due.push(candidate);
  }
  return due.sort((a, b) => a.end - b.end).map(({ end: _end, ...watched }) => watched);
}
