import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { drivers, qualifyingResults, raceResults, races, seasonEntrantDrivers } from '../../db/schema';

/** A driver of the season's entrants, as the mapping needs them; one per driver and team they drove for. */
export type ArchiveEntrant = {
  driverId: string;
  firstName: string;
  lastName: string;
  abbreviation: string;
  permanentNumber: string | null;
  /** The numbers the driver raced with this season (a champion may run 1); before their first result, the permanent number. */
  numbers: string[];
  constructorId: string;
  engineManufacturerId: string;
  /** Listed for this round; false for test drivers and drivers of other rounds, who may appear in practice. */
  inRound: boolean;
};

/** A driver as the archive's DriverList and TimingData name them; only the racing number is sure to be there. */
export type ArchiveDriver = {
  racingNumber: string;
  tla?: string;
  firstName?: string;
  lastName?: string;
  fullName?: string;
  broadcastName?: string;
  teamName?: string;
  /** An https address of the driver's picture on F1's servers. */
  headshotUrl?: string;
  /** "#RRGGBB". */
  teamColour?: string;
};

/** A mapped driver's picture and team colour as the DriverList gives them. */
export type DriverListEntry = { driverId: string; constructorId: string; headshotUrl: string | null; teamColour: string | null };

export type UnmappedDriver = { racingNumber: string; name: string };

/**
 * The season's entrants, marked by whether they are listed for the round. F1DB lists a season's rounds only up to
 * its latest release, so for a later round the latest listed line-up counts as the round's: a driver it does not
 * name is then found by name among the season's other drivers, or reported.
 */
export async function loadArchiveEntrants(db: Db, year: number, round: number): Promise<ArchiveEntrant[]> {
  const rows = await db
    .select({
      driverId: seasonEntrantDrivers.driverId,
      rounds: seasonEntrantDrivers.rounds,
      constructorId: seasonEntrantDrivers.constructorId,
      engineManufacturerId: seasonEntrantDrivers.engineManufacturerId,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      abbreviation: drivers.abbreviation,
      permanentNumber: drivers.permanentNumber,
    })
    .from(seasonEntrantDrivers)
    .innerJoin(drivers, eq(drivers.id, seasonEntrantDrivers.driverId))
    .where(eq(seasonEntrantDrivers.year, year));
  const listedRounds = rows.flatMap((row) => row.rounds).filter((listed) => listed <= round);
  const lineUpRound = listedRounds.length > 0 ? Math.max(...listedRounds) : undefined;
  const numbers = await seasonNumbers(db, year);
  return rows.map(({ rounds, ...row }) => ({
    ...row,
    // A permanent number is today's (Verstappen's 3 since 2026); in a season with results, those numbers count.
    numbers: numbers.get(row.driverId) ?? (row.permanentNumber ? [row.permanentNumber] : []),
    inRound: lineUpRound !== undefined && rounds.includes(lineUpRound),
  }));
}

/** The car numbers each driver raced or qualified with in the season. */
async function seasonNumbers(db: Db, year: number): Promise<Map<string, string[]>> {
  const seasonRaces = db.select({ id: races.id }).from(races).where(eq(races.year, year));
  const [raced, qualified] = await Promise.all([
    db
      .selectDistinct({ driverId: raceResults.driverId, number: raceResults.driverNumber })
      .from(raceResults)
      .where(inArray(raceResults.raceId, seasonRaces)),
    db
      .selectDistinct({ driverId: qualifyingResults.driverId, number: qualifyingResults.driverNumber })
      .from(qualifyingResults)
      .where(inArray(qualifyingResults.raceId, seasonRaces)),
  ]);
  const numbers = new Map<string, string[]>();
  for (const { driverId, number } of [...raced, ...qualified]) numbers.set(driverId, [...new Set([...(numbers.get(driverId) ?? []), number])]);
  return numbers;
}

/** Lower case, accents and punctuation removed, a trailing "Jr."/"Sr." dropped: "Sainz Jr." and "SAINZ" agree. */
function comparable(name: string | undefined): string {
  return (name ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\b(jr|sr)\.?\s*$/i, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** The archive writes the family name in capitals in FullName ("Nyck DE VRIES") and after an initial in BroadcastName. */
function archiveLastName(driver: ArchiveDriver): string | undefined {
  if (driver.lastName) return driver.lastName;
  const capitals = driver.fullName?.match(/\b\p{Lu}[\p{Lu}'-]+(?:\s+\p{Lu}[\p{Lu}'-]+)*$/u)?.[0];
  return capitals ?? driver.broadcastName?.replace(/^\S+\s+/, '');
}

function hasName(driver: ArchiveDriver): boolean {
  return Boolean(driver.tla || archiveLastName(driver));
}

/** Same family name, and the same first name (or initial, when the archive gives only that) or three-letter abbreviation. */
function namesAgree(driver: ArchiveDriver, entrant: ArchiveEntrant): boolean {
  const lastName = archiveLastName(driver);
  if (!lastName || comparable(lastName) !== comparable(entrant.lastName)) return false;
  if (driver.tla && driver.tla.toUpperCase() === entrant.abbreviation.toUpperCase()) return true;
  const firstName = comparable(driver.firstName ?? driver.fullName?.split(/\s+/)[0]);
  if (firstName) return firstName === comparable(entrant.firstName);
  const initial = comparable(driver.broadcastName?.split(/\s+/)[0]);
  return initial.length === 1 && comparable(entrant.firstName).startsWith(initial);
}

function distinctDrivers(entrants: ArchiveEntrant[]): string[] {
  return [...new Set(entrants.map((entrant) => entrant.driverId))];
}

/**
 * The entrant rows that can be this archive driver. With a name, the name decides (the number only separates
 * namesakes), so a number reused or misread never maps someone else; without one, the number must name exactly
 * one driver of the round.
 */
function candidatesFor(driver: ArchiveDriver, entrants: ArchiveEntrant[]): ArchiveEntrant[] {
  if (!hasName(driver)) {
    const numbered = entrants.filter((entrant) => entrant.inRound && entrant.numbers.includes(driver.racingNumber));
    return distinctDrivers(numbered).length === 1 ? numbered : [];
  }
  const named = entrants.filter((entrant) => namesAgree(driver, entrant));
  const inRound = named.filter((entrant) => entrant.inRound);
  let pool = inRound.length > 0 ? inRound : named;
  if (distinctDrivers(pool).length > 1) pool = pool.filter((entrant) => entrant.numbers.includes(driver.racingNumber));
  return distinctDrivers(pool).length === 1 ? pool : [];
}

/**
 * Maps each archive driver to one entrant (driver, constructor, engine). A driver listed with several teams in the
 * season (a test driver in practice) takes the team of the drivers the archive gives the same team name, else the
 * row of this round; if that still leaves a choice, or nobody matches, the driver is reported in `unmapped`.
 */
export function mapArchiveDrivers(archiveDrivers: ArchiveDriver[], entrants: ArchiveEntrant[]): { mapped: Map<string, ArchiveEntrant>; unmapped: UnmappedDriver[] } {
  const mapped = new Map<string, ArchiveEntrant>();
  const unmapped: UnmappedDriver[] = [];
  const candidates = new Map(archiveDrivers.map((driver) => [driver.racingNumber, candidatesFor(driver, entrants)]));
  for (const driver of archiveDrivers) {
    const rows = candidates.get(driver.racingNumber)!;
    if (rows.length === 1) mapped.set(driver.racingNumber, rows[0]!);
  }
  const teamConstructors = new Map<string, Set<string>>();
  for (const driver of archiveDrivers) {
    const entrant = mapped.get(driver.racingNumber);
    if (!entrant || !driver.teamName) continue;
    teamConstructors.set(driver.teamName, (teamConstructors.get(driver.teamName) ?? new Set()).add(entrant.constructorId));
  }
  for (const driver of archiveDrivers) {
    if (mapped.has(driver.racingNumber)) continue;
    const rows = candidates.get(driver.racingNumber)!;
    const teamMates = driver.teamName ? teamConstructors.get(driver.teamName) : undefined;
    const byTeam = rows.filter((row) => teamMates?.has(row.constructorId));
    const byRound = rows.filter((row) => row.inRound);
    const chosen = byTeam.length === 1 ? byTeam[0] : byTeam.length === 0 && byRound.length === 1 ? byRound[0] : undefined;
    if (chosen) mapped.set(driver.racingNumber, chosen);
    else unmapped.push({ racingNumber: driver.racingNumber, name: driverName(driver) });
  }
  return { mapped, unmapped };
}

function driverName(driver: ArchiveDriver): string {
  if (driver.firstName && driver.lastName) return `${driver.firstName} ${driver.lastName}`;
  return driver.fullName ?? driver.broadcastName ?? driver.tla ?? `car ${driver.racingNumber}`;
}
