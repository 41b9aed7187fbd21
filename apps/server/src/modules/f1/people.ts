import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DisplayLinks } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { constructors, countries, driverOverrides, drivers, teamColours, teamOverrides, timingDriverList } from '../../db/schema';

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
  /** What an admin set that is not a fact of the driver (admin/people): null where nothing is set. */
  display: { number: string | null; teamId: string | null; colour: string | null; links: DisplayLinks };
};

export type ConstructorFacts = {
  id: string;
  name: string;
  fullName: string;
  nationality: string;
  display: { principal: string | null; links: DisplayLinks };
};

type LinkColumns = { websiteUrl: string | null; wikipediaUrl: string | null; instagramUrl: string | null; xUrl: string | null };

/** The links an admin set, in a fixed order. */
function linksOf(override: LinkColumns | null): DisplayLinks {
  if (!override) return [];
  const links: [DisplayLinks[number]['label'], string | null][] = [
    ['Website', override.websiteUrl],
    ['Wikipedia', override.wikipediaUrl],
    ['Instagram', override.instagramUrl],
    ['X', override.xUrl],
  ];
  return links.flatMap(([label, url]) => (url ? [{ label, url }] : []));
}

/** What the admin set beyond the facts, as optional fields of an answer: absent when nothing is set. */
export function displayExtras(display: { principal?: string | null; links: DisplayLinks }) {
  return { ...(display.principal ? { principal: display.principal } : {}), ...(display.links.length > 0 ? { links: display.links } : {}) };
}

/**
 * Names, number and flag are the admin's override where there is one (driver_overrides), else F1DB's: this is
 * the one place where a driver's display data is assembled, so every answer shows the same.
 */

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
      override: driverOverrides,
    })
    .from(drivers)
    .innerJoin(countries, eq(countries.id, drivers.nationalityId))
    .leftJoin(driverOverrides, eq(driverOverrides.driverId, drivers.id))
    .where(inArray(drivers.id, [...new Set(ids)]));
  return new Map(
    rows.map(({ demonym, countryName, alpha2, override, ...driver }) => {
      const firstName = override?.firstName ?? driver.firstName;
      const lastName = override?.lastName ?? driver.lastName;
      const renamed = firstName !== driver.firstName || lastName !== driver.lastName;
      const facts: DriverFacts = {
        ...driver,
        firstName,
        lastName,
        name: renamed ? `${firstName} ${lastName}` : driver.name,
        fullName: renamed ? `${firstName} ${lastName}` : driver.fullName,
        permanentNumber: override?.number ?? driver.permanentNumber,
        nationality: demonym ?? countryName,
        nationalityCountryName: countryName,
        nationalityAlpha2: override?.flag ?? alpha2,
        display: {
          number: override?.number ?? null,
          teamId: override?.teamId ?? null,
          colour: override?.colour ?? null,
          links: linksOf(override),
        },
      };
      return [driver.id, facts];
    }),
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
      override: teamOverrides,
    })
    .from(constructors)
    .innerJoin(countries, eq(countries.id, constructors.countryId))
    .leftJoin(teamOverrides, eq(teamOverrides.constructorId, constructors.id))
    .where(inArray(constructors.id, [...new Set(ids)]));
  return new Map(
    rows.map(({ demonym, countryName, override, ...team }): [string, ConstructorFacts] => [
      team.id,
      {
        ...team,
        name: override?.name ?? team.name,
        fullName: override?.fullName ?? team.fullName,
        nationality: demonym ?? countryName,
        display: { principal: override?.principal ?? null, links: linksOf(override) },
      },
    ]),
  );
}

/** A neutral grey for a constructor and season without a colour in team_colours. */
export const FALLBACK_TEAM_COLOUR = '#8A8F98';

export type TeamColours = Record<string, string>;

/**
 * The season's team colours: the built-in table, then the colour F1's timing DriverList gave the team this season
 * (its latest read), then an admin's team colour (team_overrides), each winning over the one before.
 */
export async function loadTeamColours(db: Db, year: number, constructorIds?: string[]): Promise<TeamColours> {
  const [rows, timing, overrides] = await Promise.all([
    db
      .select()
      .from(teamColours)
      .where(and(eq(teamColours.year, year), constructorIds ? inArray(teamColours.constructorId, constructorIds) : undefined)),
    db
      .selectDistinctOn([timingDriverList.constructorId], { constructorId: timingDriverList.constructorId, colour: timingDriverList.teamColour })
      .from(timingDriverList)
      .where(
        and(
          eq(timingDriverList.year, year),
          isNotNull(timingDriverList.teamColour),
          constructorIds ? inArray(timingDriverList.constructorId, constructorIds) : undefined,
        ),
      )
      .orderBy(timingDriverList.constructorId, desc(timingDriverList.readAt)),
    db
      .select({ constructorId: teamOverrides.constructorId, colour: teamOverrides.colour })
      .from(teamOverrides)
      .where(and(isNotNull(teamOverrides.colour), constructorIds ? inArray(teamOverrides.constructorId, constructorIds) : undefined)),
  ]);
  return Object.fromEntries(
    [...rows, ...timing, ...overrides].flatMap((row) => (row.colour ? [[row.constructorId, normaliseColour(row.colour)]] : [])),
  );
}

export function teamColour(colours: TeamColours, constructorId: string | null): string {
  return (constructorId && colours[constructorId]) || FALLBACK_TEAM_COLOUR;
}

/** "ff8000" or "#FF8000" → "#FF8000". */
function normaliseColour(colour: string): string {
  const hex = colour.trim().replace(/^#/, '').toUpperCase();
  return /^[0-9A-F]{6}$/.test(hex) ? `#${hex}` : FALLBACK_TEAM_COLOUR;
}
