import { and, asc, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { raceConstructorStandings, raceDriverStandings, raceResults, races, type ResultSource } from '../../db/schema';
import { seasonEntries } from '../../modules/f1/standings/queries';
import { countback } from '../../modules/f1/points';

/** One result that counts for the championships: a race or sprint row with its points. */
export type CountedResult = {
  round: number;
  session: 'RACE' | 'SPRINT';
  driverId: string;
  constructorId: string;
  engineManufacturerId: string;
  positionNumber: number | null;
  positionDisplayOrder: number;
  points: number | null;
};

export type Standing = { id: string; points: number; positionNumber: number; positionDisplayOrder: number };

type Entry = { id: string; points: number; finishes: number[]; recent: number[] };

/**
 * The championship after a round: the points after the previous round's standings (which carry any penalty the
 * stewards took off) plus the points scored since, ranked by points, then by countback over grand prix places
 * (more wins, then more second places...; sprint places do not count). Entries level on both share the place and
 * are listed by their latest race (the better finish there first), as Formula 1 lists them.
 */
export function rankStandings(
  previous: Map<string, number>,
  previousRound: number,
  results: CountedResult[],
  keyOf: (result: CountedResult) => string,
): Standing[] {
  const entries = new Map<string, Entry>();
  const entry = (id: string) => {
    let found = entries.get(id);
    if (!found) {
      found = { id, points: previous.get(id) ?? 0, finishes: [], recent: [] };
      entries.set(id, found);
    }
    return found;
  };
  for (const id of previous.keys()) entry(id);
  const rounds = [...new Set(results.map((result) => result.round))].sort((a, b) => b - a);
  for (const result of results) {
    const counted = entry(keyOf(result));
    if (result.round > previousRound) counted.points += result.points ?? 0;
    if (result.session === 'RACE' && result.positionNumber !== null) counted.finishes[result.positionNumber - 1] = (counted.finishes[result.positionNumber - 1] ?? 0) + 1;
  }
  for (const counted of entries.values()) {
    counted.recent = rounds.map((round) => {
      const places = results.filter((r) => r.round === round && r.session === 'RACE' && keyOf(r) === counted.id).map((r) => r.positionDisplayOrder);
      return places.length > 0 ? Math.min(...places) : Number.POSITIVE_INFINITY;
    });
  }
  const level = (a: Entry, b: Entry) => b.points - a.points || countback(b.finishes, a.finishes);
  const sorted = [...entries.values()].sort((a, b) => level(a, b) || compareRecent(a.recent, b.recent) || a.id.localeCompare(b.id));
  const standings: Standing[] = [];
  sorted.forEach((current, index) => {
    const tied = index > 0 && level(sorted[index - 1]!, current) === 0;
    standings.push({
      id: current.id,
      points: current.points,
      positionNumber: tied ? standings[index - 1]!.positionNumber : index + 1,
      positionDisplayOrder: index + 1,
    });
  });
  return standings;
}

function compareRecent(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

const CONSTRUCTOR_KEY = '/';
const constructorKey = (result: { constructorId: string; engineManufacturerId: string }) =>
  `${result.constructorId}${CONSTRUCTOR_KEY}${result.engineManufacturerId}`;

/** The driver and constructor standings after a race, computed from the stored standings and results. */
export async function computeStandingsAfter(db: Db, raceId: number) {
  const [race] = await db.select({ year: races.year, round: races.round }).from(races).where(eq(races.id, raceId));
  if (!race) throw new Error(`No race ${raceId}`);
  const [previous] = await db
    .selectDistinct({ raceId: races.id, round: races.round })
    .from(races)
    .innerJoin(raceDriverStandings, eq(raceDriverStandings.raceId, races.id))
    .where(and(eq(races.year, race.year), lt(races.round, race.round)))
    .orderBy(desc(races.round))
    .limit(1);
  // One after another: db may be a transaction, one connection that runs one query at a time.
  const previousDrivers = previous ? await db.select().from(raceDriverStandings).where(eq(raceDriverStandings.raceId, previous.raceId)) : [];
  const previousConstructors = previous ? await db.select().from(raceConstructorStandings).where(eq(raceConstructorStandings.raceId, previous.raceId)) : [];
  const results = await seasonEntries(db, race.year, race.round);
  const previousRound = previous?.round ?? 0;
  const drivers = rankStandings(new Map(previousDrivers.map((row) => [row.driverId, row.points])), previousRound, results, (r) => r.driverId);
  const constructors = rankStandings(new Map(previousConstructors.map((row) => [constructorKey(row), row.points])), previousRound, results, constructorKey);
  return { drivers, constructors };
}

const PROVISIONAL: ResultSource = 'LIVE_TIMING';

/**
 * Stores the computed standings after a race as provisional rows, replacing the race's standings; writes nothing
 * when they already read so. Returns the rows changed.
 */
export async function storeProvisionalStandings(tx: Db, raceId: number): Promise<number> {
  const { drivers, constructors } = await computeStandingsAfter(tx, raceId);
  const base = (standing: Standing) => ({
    raceId,
    positionDisplayOrder: standing.positionDisplayOrder,
    positionNumber: standing.positionNumber,
    positionText: String(standing.positionNumber),
    points: standing.points,
    source: PROVISIONAL,
  });
  const driverRows = drivers.map((standing) => ({ ...base(standing), driverId: standing.id }));
  const constructorRows = constructors.map((standing) => {
    const [constructorId, engineManufacturerId] = standing.id.split(CONSTRUCTOR_KEY) as [string, string];
    return { ...base(standing), constructorId, engineManufacturerId };
  });
  return (
    (await replaceRows(tx, raceDriverStandings, raceDriverStandings.raceId, raceId, driverRows)) +
    (await replaceRows(tx, raceConstructorStandings, raceConstructorStandings.raceId, raceId, constructorRows))
  );
}

type StandingsTable = typeof raceDriverStandings | typeof raceConstructorStandings;

async function replaceRows<T extends StandingsTable>(tx: Db, table: T, raceColumn: T['raceId'], raceId: number, rows: T['$inferInsert'][]): Promise<number> {
  const stored = await tx.select().from(table as StandingsTable).where(eq(raceColumn, raceId)).orderBy(asc(table.positionDisplayOrder));
  if (sameRows(stored, rows)) return 0;
  await tx.delete(table).where(eq(raceColumn, raceId));
  if (rows.length > 0) await tx.insert(table).values(rows as never);
  return stored.length + rows.length;
}

/** Whether stored rows hold exactly these values, in order (keys of the new rows are compared). */
export function sameRows(stored: Record<string, unknown>[], rows: Record<string, unknown>[]): boolean {
  return stored.length === rows.length && rows.every((row, i) => Object.entries(row).every(([key, value]) => (stored[i]![key] ?? null) === (value ?? null)));
}

/**
 * After an import: the standings of every round whose race or sprint is still provisional and which holds neither
 * official standings nor an official race, computed again in round order (an official result before them may have
 * changed).
 */
export async function refreshProvisionalStandings(tx: Db): Promise<number> {
  const pending = await tx
    .selectDistinct({ raceId: races.id, year: races.year, round: races.round })
    .from(raceResults)
    .innerJoin(races, eq(races.id, raceResults.raceId))
    .where(
      and(
        ne(raceResults.source, 'F1DB'),
        sql`not exists (select 1 from ${raceDriverStandings} s where s.race_id = ${races.id} and s.source = 'F1DB')`,
        sql`not exists (select 1 from ${raceResults} r where r.race_id = ${races.id} and r.session = 'RACE' and r.source = 'F1DB')`,
      ),
    )
    .orderBy(asc(races.year), asc(races.round));
  let changed = 0;
  for (const race of pending) changed += await storeProvisionalStandings(tx, race.raceId);
  return changed;
}
