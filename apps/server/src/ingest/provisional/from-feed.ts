import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { loadSeasonMeetings } from '../../modules/f1/calendar/queries';
import { archiveSessionKind, archiveSessions, classifySession, loadArchiveEntrants, type ArchiveSession, type StreamMessage } from '../livetiming';
import { storeClassification, type StoreOutcome } from './store';

/** What a live feed left when its session ended: the topics' final states and the history of some of them. */
export type FeedFinalState = {
  session: { path: string; meetingName: string; sessionName: string };
  topics: Readonly<Record<string, unknown>>;
  history: Readonly<Record<string, StreamMessage[]>>;
};

const DAY_MS = 86_400_000;

/**
 * Stores the classification a live feed's final state gives as provisional results, as the archive job would
 * store the archive's, so the results are there the moment the session ends. The session is the F1DB meeting of
 * its year whose race day is within a day of the archive folder's (folders are named after local days); a session
 * that is not over, or that no meeting or kind matches, stores nothing (the archive job still watches it).
 */
export async function storeFeedClassification(
  deps: { db: Db; events?: EventBus; log?: Pick<FastifyBaseLogger, 'info' | 'warn'> },
  final: FeedFinalState,
): Promise<StoreOutcome | undefined> {
  const session = await archiveSessionOf(deps.db, final);
  if (!session) {
    deps.log?.warn({ path: final.session.path }, 'live timing: the ended session matches no meeting; nothing stored');
    return undefined;
  }
  const { meeting, archiveSession } = session;
  const read = (topic: string) => (final.topics[topic] === undefined ? undefined : { state: final.topics[topic], messages: final.history[topic] });
  const entrants = await loadArchiveEntrants(deps.db, meeting.season, meeting.round);
  const classification = classifySession(
    archiveSession,
    { info: final.topics.SessionInfo, status: read('SessionStatus'), driverList: final.topics.DriverList, timing: read('TimingData'), appData: read('TimingAppData') },
    entrants,
  );
  if (!classification.final) return undefined;
  const outcome = await storeClassification(deps, { raceId: meeting.raceId, session: archiveSessions[archiveSession.kind] }, classification);
  deps.log?.info({ session: final.session.path, ...outcome }, 'live timing: final tower stored as provisional results');
  return outcome;
}

async function archiveSessionOf(db: Db, final: FeedFinalState) {
  const match = /^(\d{4})\/(\d{4}-\d{2}-\d{2})_[^/]+\/\d{4}-\d{2}-\d{2}_[^/]+\/?$/.exec(final.session.path);
  if (!match) return undefined;
  const year = Number(match[1]);
  const folderDay = Date.parse(`${match[2]}T00:00:00Z`);
  const info = final.topics.SessionInfo as { Type?: unknown } | undefined;
  const kind = archiveSessionKind(year, final.session.sessionName, typeof info?.Type === 'string' ? info.Type : undefined);
  if (!kind) return undefined;
  const meetings = await loadSeasonMeetings(db, year);
  const meeting = meetings.find((candidate) => Math.abs(Date.parse(`${candidate.date}T00:00:00Z`) - folderDay) <= DAY_MS);
  if (!meeting) return undefined;
  const archiveSession: ArchiveSession = { year, kind, path: final.session.path, meetingName: final.session.meetingName, sessionName: final.session.sessionName };
  return { meeting, archiveSession };
}
