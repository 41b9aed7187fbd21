import type { RaceRef, ResultsKnown, SessionKind, SessionResults } from '@slipstream/contract';
import { remember } from '../../../lib/cache';
import { DATA_TTL_SECONDS, dataKey, type F1Context } from '../context';
import { raceIdsWithResults, sessionsWithResults } from '../results/queries';
import type { MeetingRecord } from './queries';
import { sessionFinished } from './timetable';

/**
 * What the stored results reach by the racing clock. The data can be behind the clock (the real clock, with an
 * import that stops some races back): answers are then read after the latest race that has results, and say how
 * many finished races are still missing theirs.
 */

/** The meetings whose race has finished by the clock; a cancelled race never runs, so it has no results to wait for. */
export function racesFinished(meetings: MeetingRecord[], now: Date): MeetingRecord[] {
  return meetings.filter((m) => !m.cancelledSessions.some((s) => s.kind === 'RACE') && sessionFinished(m.sessions, 'RACE', now));
}

/** The ids of a season's races with a stored race classification. */
export async function racesWithResults(ctx: F1Context, year: number): Promise<Set<number>> {
  const ids = await remember(ctx.cache, dataKey(ctx, 'races-with-results', year), DATA_TTL_SECONDS, () => raceIdsWithResults(ctx.db, [year]));
  return new Set(ids);
}

/** Each race's sessions with a stored classification: official once F1DB has it, provisional while only live timing does. */
export type StoredResults = ReadonlyMap<number, ReadonlyMap<SessionKind, SessionResults>>;

export async function storedResults(ctx: F1Context, year: number): Promise<StoredResults> {
  const rows = await remember(ctx.cache, dataKey(ctx, 'sessions-with-results', year), DATA_TTL_SECONDS, () => sessionsWithResults(ctx.db, [year]));
  const byRace = new Map<number, Map<SessionKind, SessionResults>>();
  for (const row of rows) {
    const sessions = byRace.get(row.raceId) ?? new Map<SessionKind, SessionResults>();
    byRace.set(row.raceId, sessions);
    if (sessions.get(row.session as SessionKind) !== 'official') sessions.set(row.session as SessionKind, row.source === 'F1DB' ? 'official' : 'provisional');
  }
  return byRace;
}

function raceRef(meeting: MeetingRecord): RaceRef {
  const { raceId, season, round, name, slug, date } = meeting;
  return { raceId, season, round, meetingName: name, slug, date };
}

const isLater = (meeting: MeetingRecord, than: MeetingRecord) =>
  meeting.season > than.season || (meeting.season === than.season && meeting.round > than.round);

/** An answer read after `after` (null: before any race): that race, and the finished races since without results. */
export function resultsKnownAfter(after: MeetingRecord | null, finished: MeetingRecord[], withResults: Set<number>): ResultsKnown {
  const since = after ? finished.filter((m) => isLater(m, after)) : finished;
  return { race: after ? raceRef(after) : null, racesMissing: since.filter((m) => !withResults.has(m.raceId)).length };
}
