import type { ergastStatuses, raceResults } from '../../db/schema';
import { finishStatus, winnerLapsByRace } from '../../modules/f1/results/status';

export type ErgastStatusRow = typeof ergastStatuses.$inferSelect;

/**
 * The statuses whose ids Jolpica documents as the ones to rely on (and Ergast's +1/+2 laps and engine): they keep
 * those ids here, so `/status/1/results` means the finishers on both APIs.
 */
export const DOCUMENTED_STATUS_IDS: Record<string, number> = {
  Finished: 1,
  Disqualified: 2,
  Accident: 3,
  Engine: 5,
  '+1 Lap': 11,
  '+2 Laps': 12,
  Retired: 31,
};

/** Every other status is numbered from here, in the order it first happened, so ids stay put as seasons are added. */
export const FIRST_OWN_STATUS_ID = 1000;

type ResultRow = Pick<typeof raceResults.$inferSelect, 'raceId' | 'session' | 'positionDisplayOrder' | 'positionNumber' | 'positionText' | 'laps' | 'reasonRetired'>;

/**
 * One row per status a race or sprint classification reads as (the same words the results show), plus the
 * documented ones even before they happen. `races` orders the results: by season, round, race before sprint.
 */
export function ergastStatusRows(results: ResultRow[], races: { id: number; year: number; round: number }[]): ErgastStatusRow[] {
  const raceOrder = new Map(races.map((race) => [race.id, race.year * 100 + race.round]));
  const ordered = [...results].sort(
    (a, b) =>
      raceOrder.get(a.raceId)! - raceOrder.get(b.raceId)! || a.session.localeCompare(b.session) || a.positionDisplayOrder - b.positionDisplayOrder,
  );
  const winnerLaps = new Map(
    (['RACE', 'SPRINT'] as const).flatMap((session) =>
      [...winnerLapsByRace(ordered.filter((r) => r.session === session))].map(([raceId, laps]) => [`${raceId}/${session}`, laps] as const),
    ),
  );
  const ids = new Map(Object.entries(DOCUMENTED_STATUS_IDS));
  let next = FIRST_OWN_STATUS_ID;
  for (const row of ordered) {
    const status = finishStatus(row, winnerLaps.get(`${row.raceId}/${row.session}`) ?? null);
    if (!ids.has(status)) ids.set(status, next++);
  }
  return [...ids].map(([status, id]) => ({ id, status }));
}
