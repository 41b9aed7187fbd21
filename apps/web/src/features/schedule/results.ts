import type { ClassificationRow, MeetingDetailResponse, SessionKind } from '@slipstream/contract';
import { sessionLabel } from './sessions';

/** How a classification reads: a race or sprint (grid, laps, points), a qualifying (Q1-Q3), a practice (best lap, gap). */
export type ResultType = 'race' | 'qualifying' | 'practice';

export type ResultGroup = { session: SessionKind; type: ResultType; title: string; rows: ClassificationRow[]; provisional: boolean };

const CLASSIFIED: { session: SessionKind; type: ResultType; key?: 'race' | 'qualifying' | 'sprint' | 'sprintQualifying'; title: string }[] = [
  { session: 'FREE_PRACTICE_1', type: 'practice', title: 'Practice 1' },
  { session: 'FREE_PRACTICE_2', type: 'practice', title: 'Practice 2' },
  { session: 'FREE_PRACTICE_3', type: 'practice', title: 'Practice 3' },
  { session: 'FREE_PRACTICE_4', type: 'practice', title: 'Practice 4' },
  { session: 'SPRINT_QUALIFYING', type: 'qualifying', key: 'sprintQualifying', title: 'Sprint Qualifying' },
  { session: 'SPRINT', type: 'race', key: 'sprint', title: 'Sprint' },
  { session: 'QUALIFYING', type: 'qualifying', key: 'qualifying', title: 'Qualifying' },
  { session: 'RACE', type: 'race', key: 'race', title: 'Race' },
];

/** The tab that opens: the most wanted classification the clock has reached. */
const MOST_WANTED: SessionKind[] = ['RACE', 'QUALIFYING', 'SPRINT', 'SPRINT_QUALIFYING'];

/**
 * The weekend's classifications that are over by the racing clock, in the order they were run (the timetable's;
 * old weekends list only the race, and their other classifications count as over with the meeting), named as the
 * timetable names their session. The imported data can be ahead of a pinned clock; a session still to come must not
 * give its result away.
 */
export function finishedResults(meeting: MeetingDetailResponse): ResultGroup[] {
  const order = (session: SessionKind) => {
    const index = meeting.timetables.findIndex((entry) => entry.session === session);
    return index === -1 ? CLASSIFIED.findIndex((c) => c.session === session) - CLASSIFIED.length : index;
  };
  return CLASSIFIED.flatMap(({ session, type, key, title }) => {
    const rows = key ? meeting.results[key] : (meeting.results.practice.find((p) => p.session === session)?.rows ?? []);
    const entry = meeting.timetables.find((e) => e.session === session);
    const over = entry ? entry.status === 'completed' : meeting.status === 'completed';
    if (rows.length === 0 || !over) return [];
    return [{ session, type, title: sessionLabel({ session, description: entry?.description ?? title }), rows, provisional: meeting.results.provisional.includes(session) }];
  }).sort((a, b) => order(a.session) - order(b.session));
}

/** The group a weekend's results open on: the race, else qualifying, the sprint..., else the latest practice. */
export function openingGroup(groups: ResultGroup[]): ResultGroup {
  for (const session of MOST_WANTED) {
    const group = groups.find((g) => g.session === session);
    if (group) return group;
  }
  return groups.at(-1)!;
}

/** Qualifying with its parts (Q1, Q2, Q3) when the format had them; one best time otherwise (older seasons). */
export function hasQualifyingParts(rows: ClassificationRow[]): boolean {
  return rows.some((row) => row.q1 !== null || row.q2 !== null || row.q3 !== null);
}
