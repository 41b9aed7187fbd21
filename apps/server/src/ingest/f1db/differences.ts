import { ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { practiceResults, provisionalDifferences, qualifyingResults, raceResults } from '../../db/schema';

/** A classification row as the comparison needs it. */
export type Placed = { raceId: number; session: string; driverId: string; positionText: string; points?: number | null };

/**
 * The import's official classifications, per table and session ("raceId/session"), each session's Placed rows as
 * JSON text: they cross from the import's reading thread as text, and only the sessions that have provisional rows
 * are ever parsed.
 */
export type OfficialClassifications = Record<'raceResults' | 'qualifyingResults' | 'practiceResults', ReadonlyMap<string, string>>;

export const sessionKey = (row: { raceId: number; session: string }) => `${row.raceId}/${row.session}`;

/**
 * Compares the provisional classifications of the sessions an import now holds with the official ones (places and
 * points, per driver) and records every difference (a penalty after the flag), before the import replaces them.
 * Returns how many were recorded; an import run again finds no provisional rows left and records nothing.
 */
export async function recordDifferences(tx: Db, official: OfficialClassifications, importVersion: string, foundAt: Date): Promise<number> {
  // One after another: a transaction is one connection, which runs one query at a time.
  const race = await tx.select().from(raceResults).where(ne(raceResults.source, 'F1DB'));
  const qualifying = await tx.select().from(qualifyingResults).where(ne(qualifyingResults.source, 'F1DB'));
  const practice = await tx.select().from(practiceResults).where(ne(practiceResults.source, 'F1DB'));
  const differences = [
    ...classificationDifferences(race, official.raceResults),
    ...classificationDifferences(qualifying, official.qualifyingResults),
    ...classificationDifferences(practice, official.practiceResults),
  ].map((difference) => ({ ...difference, importVersion, foundAt }));
  if (differences.length === 0) return 0;
  await tx.insert(provisionalDifferences).values(differences).onConflictDoNothing();
  return differences.length;
}

export type Difference = {
  raceId: number;
  session: string;
  driverId: string;
  provisionalPosition: string | null;
  officialPosition: string | null;
  provisionalPoints: number | null;
  officialPoints: number | null;
};

/** Per driver, where the official rows of a session the provisional rows cover read otherwise. */
function classificationDifferences(provisional: Placed[], officialBySession: ReadonlyMap<string, string>): Difference[] {
  const differences: Difference[] = [];
  for (const key of new Set(provisional.map(sessionKey))) {
    const officialText = officialBySession.get(key);
    if (officialText === undefined) continue;
    const officialRows = JSON.parse(officialText) as Placed[];
    const provisionalRows = provisional.filter((row) => sessionKey(row) === key);
    const { raceId, session } = officialRows[0]!;
    for (const driverId of new Set([...provisionalRows, ...officialRows].map((row) => row.driverId))) {
      const before = provisionalRows.find((row) => row.driverId === driverId);
      const after = officialRows.find((row) => row.driverId === driverId);
      if (before && after && before.positionText === after.positionText && (before.points ?? 0) === (after.points ?? 0)) continue;
      differences.push({
        raceId,
        session,
        driverId,
        provisionalPosition: before?.positionText ?? null,
        officialPosition: after?.positionText ?? null,
        provisionalPoints: before?.points ?? null,
        officialPoints: after?.points ?? null,
      });
    }
  }
  return differences;
}
