type StatusFacts = { positionNumber: number | null; positionText: string; laps: number | null; reasonRetired: string | null };

/** How a classification row reads: "Finished", "+1 Lap", the reason of a retirement, "Disqualified"... */
export function finishStatus(row: StatusFacts, winnerLaps: number | null): string {
  if (row.positionNumber !== null) {
    const lapsDown = winnerLaps !== null && row.laps !== null ? winnerLaps - row.laps : 0;
    return lapsDown > 0 ? `+${lapsDown} Lap${lapsDown > 1 ? 's' : ''}` : 'Finished';
  }
  if (row.positionText === RETIRED) return row.reasonRetired ?? UNCLASSIFIED_STATUS[RETIRED]!;
  return UNCLASSIFIED_STATUS[row.positionText] ?? row.reasonRetired ?? row.positionText;
}

/** A retirement reads as its reason when F1DB gives one. */
const RETIRED = 'DNF';

/** How each unclassified position code reads (migration 0013 filled the stored statuses with the same words). */
const UNCLASSIFIED_STATUS: Record<string, string> = {
  DNF: 'Retired',
  NC: 'Not classified',
  DSQ: 'Disqualified',
  EX: 'Excluded',
  DNS: 'Did not start',
  DNP: 'Withdrew',
  DNQ: 'Did not qualify',
  DNPQ: 'Did not pre-qualify',
};

/** The laps of the winner of each race (or sprint) among the rows, by race id. */
export function winnerLapsByRace(rows: { raceId: number; positionNumber: number | null; laps: number | null }[]): Map<number, number | null> {
  return new Map(rows.filter((r) => r.positionNumber === 1).map((r) => [r.raceId, r.laps]));
}

/**
 * The rows of one race or sprint classification, each with the words it reads as (the `status` column of
 * race_results, which every writer of results stores with them): the laps behind count from the winner among these
 * rows (the last listed when several cars shared the win).
 */
export function withSessionStatus<T extends StatusFacts>(rows: T[]): (T & { status: string })[] {
  const winnerLaps = rows.findLast((row) => row.positionNumber === 1)?.laps ?? null;
  return rows.map((row) => ({ ...row, status: finishStatus(row, winnerLaps) }));
}
