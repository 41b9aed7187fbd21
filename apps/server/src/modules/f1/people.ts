import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { constructors, countries, drivers, teamColours } from '../../db/schema';

/** A driver with the facts every answer shows; nationality is the demonym ("Australian"). */
export type DriverFacts = {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  fullName: string;
  abbreviation: string;
  permanentNumber: string | null;
  dateOfBirth: string | null;
  placeOfBirth: string | null;
  nationality: string;
  nationalityCountryName: string;
  nationalityAlpha2: string | null;
};

export type ConstructorFacts = { id: string; name: string; fullName: string; nationality: string };

export async function loadDrivers(db: Db, ids: string[]): Promise<Map<string, DriverFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: drivers.id,
      name: drivers.name,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      fullName: drivers.fullName,
      abbreviation: drivers.abbreviation,
      permanentNumber: drivers.permanentNumber,
      dateOfBirth: drivers.dateOfBirth,
      placeOfBirth: drivers.placeOfBirth,
      demonym: countries.demonym,
      countryName: countries.name,
      alpha2: countries.alpha2Code,
    })
    .from(drivers)
    .innerJoin(countries, eq(countries.id, drivers.nationalityId))
    .where(inArray(drivers.id, [...new Set(ids)]));
  return new Map(
    rows.map(({ demonym, countryName, alpha2, ...driver }) => [
      driver.id,
      { ...driver, nationality: demonym ?? countryName, nationalityCountryName: countryName, nationalityAlpha2: alpha2 },
    ]),
  );
}

export async function loadConstructors(db: Db, ids: string[]): Promise<Map<string, ConstructorFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: constructors.id,
      name: constructors.name,
      fullName: constructors.fullName,
      demonym: countries.demonym,
      countryName: countries.name,
    })
    .from(constructors)
    .innerJoin(countries, eq(countries.id, constructors.countryId))
    .where(inArray(constructors.id, [...new Set(ids)]));
  return new Map(rows.map(({ demonym, countryName, ...team }) => [team.id, { ...team, nationality: demonym ?? countryName }]));
}

/** A neutral grey for a constructor and season without a colour in team_colours. */
export const FALLBACK_TEAM_COLOUR = '#8A8F98';

export type TeamColours = Record<string, string>;

export async function loadTeamColours(db: Db, year: number, constructorIds?: string[]): Promise<TeamColours> {
  const rows = await db
    .select()
    .from(teamColours)
    .where(and(eq(teamColours.year, year), constructorIds ? inArray(teamColours.constructorId, constructorIds) : undefined));
  return Object.fromEntries(rows.map((row) => [row.constructorId, normaliseColour(row.colour)]));
}

export function teamColour(colours: TeamColours, constructorId: string | null): string {
  return (constructorId && colours[constructorId]) || FALLBACK_TEAM_COLOUR;
}

/** "ff8000" or "#FF8000" → "#FF8000". */
function normaliseColour(colour: string): string {
  const hex = colour.trim().replace(/^#/, '').toUpperCase();
  return /^[0-9A-F]{6}$/.test(hex) ? `#${hex}` : FALLBACK_TEAM_COLOUR;
}
