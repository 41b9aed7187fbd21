import type { ClassificationRow, MeetingDetailResponse, SessionKind } from '@slipstream/contract';
import { sessionLabel } from './sessions';

export type ResultKind = 'race' | 'qualifying' | 'sprint' | 'sprintQualifying';

/** Most wanted first: the tab that opens is the first one the clock has reached. */
const RESULT_KINDS: ResultKind[] = ['race', 'qualifying', 'sprint', 'sprintQualifying'];

const SESSIONS: Record<ResultKind, SessionKind> = {
  race: 'RACE',
  qualifying: 'QUALIFYING',
  sprint: 'SPRINT',
  sprintQualifying: 'SPRINT_QUALIFYING',
};

const DEFAULT_TITLES: Record<ResultKind, string> = {
  race: 'Race',
  qualifying: 'Qualifying',
  sprint: 'Sprint',
  sprintQualifying: 'Sprint Qualifying',
};

export type ResultGroup = { kind: ResultKind; title: string; rows: ClassificationRow[] };

/**
 * The weekend's classifications that are over by the racing clock, named as the timetable names their session.
 * The imported data can be ahead of a pinned clock; a session still to come must not give its result away.
 * Old weekends list only the race in their timetable: their other classifications count as over with the meeting.
 */
export function finishedResults(meeting: MeetingDetailResponse): ResultGroup[] {
  return RESULT_KINDS.flatMap((kind) => {
    const rows = meeting.results[kind];
    const session = meeting.timetables.find((entry) => entry.session === SESSIONS[kind]);
    const over = session ? session.status === 'completed' : meeting.status === 'completed';
    if (rows.length === 0 || !over) return [];
    const title = sessionLabel({ session: SESSIONS[kind], description: session?.description ?? DEFAULT_TITLES[kind] });
    return [{ kind, title, rows }];
  });
}

/** Qualifying with its parts (Q1, Q2, Q3) when the format had them; one best time otherwise (older seasons). */
export function hasQualifyingParts(rows: ClassificationRow[]): boolean {
  return rows.some((row) => row.q1 !== null || row.q2 !== null || row.q3 !== null);
}
