import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { circuits, constructors, drivers, ergastDriverStandings, ergastIds, ergastStatuses, raceDriverStandings, raceResults, races } from '../../db/schema';
import { ergastIdRows } from './ergast-ids';
import { refreshErgastStandings } from './ergast-standings';
import { ergastStatusRows } from './ergast-statuses';
import { hasF1Data } from './index';
import { syncTable } from './sync';

/** Which of the Ergast tables were filled: 'ids', 'statuses', 'standings'. */
export type FilledErgastTables = ('ids' | 'statuses' | 'standings')[];

/**
 * A database whose F1 data was imported before the Ergast tables existed has them empty after migrating: fills them
 * from the F1 data already there, as the importer does (F1DB's tree is not read again). Circuits are joined without
 * their previous names, which only the tree holds (on F1DB's data they change no circuit's id); the next import
 * writes the rows it would have.
 */
export async function fillEmptyErgastTables(db: Db): Promise<FilledErgastTables> {
  if (!(await hasF1Data(db))) return [];
  const [ids, statuses, standings] = await Promise.all([
    isEmpty(db, ergastIds),
    isEmpty(db, ergastStatuses),
    (async () => (await isEmpty(db, ergastDriverStandings)) && !(await isEmpty(db, raceDriverStandings)))(),
  ]);
  if (!ids && !statuses && !standings) return [];
  const idRows = ids ? await ergastIdRowsOf(db) : [];
  const statusRows = statuses ? await ergastStatusRowsOf(db) : [];
  await db.transaction(async (tx) => {
    if (ids) await syncTable(tx, ergastIds, idRows);
    if (statuses) await syncTable(tx, ergastStatuses, statusRows);
    if (standings) await refreshErgastStandings(tx);
  });
  return [...(ids ? ['ids' as const] : []), ...(statuses ? ['statuses' as const] : []), ...(standings ? ['standings' as const] : [])];
}

async function isEmpty(db: Db, table: typeof ergastIds | typeof ergastStatuses | typeof ergastDriverStandings | typeof raceDriverStandings): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

async function ergastIdRowsOf(db: Db) {
  const [driverRows, entries, constructorRows, circuitRows] = await Promise.all([
    db.select({ id: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName, dateOfBirth: drivers.dateOfBirth }).from(drivers),
    db.selectDistinct({ driverId: raceResults.driverId }).from(raceResults),
    db.select({ id: constructors.id, name: constructors.name, fullName: constructors.fullName }).from(constructors),
    db.select({ id: circuits.id, name: circuits.name, fullName: circuits.fullName, placeName: circuits.placeName }).from(circuits),
  ]);
  return ergastIdRows({
    drivers: driverRows,
    entries,
    constructors: constructorRows,
    circuits: circuitRows.map((circuit) => ({ ...circuit, previousNames: [] })),
  }).rows;
}

async function ergastStatusRowsOf(db: Db) {
  const [results, raceRows] = await Promise.all([
    db
      .select({
        raceId: raceResults.raceId,
        session: raceResults.session,
        positionDisplayOrder: raceResults.positionDisplayOrder,
        status: raceResults.status,
      })
      .from(raceResults),
    db.select({ id: races.id, year: races.year, round: races.round }).from(races),
  ]);
  return ergastStatusRows(results, raceRows);
}
