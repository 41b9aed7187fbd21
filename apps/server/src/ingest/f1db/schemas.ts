import { z } from 'zod';

/**
 * The shapes of the F1DB source files we import, one zod schema per file type. They describe the
 * YAML source tree (not F1DB's release JSON, whose schemas under src/schema explain the fields):
 * positions are a number or a code, optional fields may be missing or empty, ids are kebab-case.
 * Unknown fields are ignored so a newer F1DB release with extra fields still imports.
 */

const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a kebab-case F1DB id');
const text = z.string().min(1);
const optionalText = z.string().nullish();
const isoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a date YYYY-MM-DD');
const utcTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a UTC time HH:MM');
/** Integers are stored as PostgreSQL integer (32 bits); a bigger one is a data error, caught here. */
const int = z.number().int().lte(2_147_483_647);
const count = int.nonnegative();
const distance = z.number().nonnegative();

/** The codes F1DB writes instead of a number for a driver or team without a classified position. */
export const positionCodes = ['DNF', 'DNQ', 'DNPQ', 'DNP', 'DNS', 'DSQ', 'EX', 'NC'] as const;
const position = z.union([int.positive(), z.enum(positionCodes)], { error: `a position number or one of ${positionCodes.join(', ')}` });
const driverNumber = z.union([count, text], { error: 'a car number' });

export const countryFile = z.object({
  id,
  alpha2Code: z.string().length(2),
  alpha3Code: z.string().length(3),
  name: text,
  demonym: optionalText,
  continentId: id,
});

export const circuitFile = z.object({
  id,
  name: text,
  fullName: text,
  type: z.enum(['RACE', 'ROAD', 'STREET']),
  direction: z.enum(['CLOCKWISE', 'ANTI_CLOCKWISE']),
  placeName: text,
  countryId: id,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  length: distance.nullish(),
  turns: count.nullish(),
  previousNames: z.array(text).nullish(),
  layouts: z.array(z.object({ id, length: distance.nullish(), turns: count.nullish() })).min(1),
});

export const grandPrixFile = z.object({
  id,
  name: text,
  fullName: text,
  shortName: text,
  abbreviation: text,
  countryId: id.nullish(),
});

export const driverFile = z.object({
  id,
  name: text,
  firstName: text,
  lastName: text,
  fullName: text,
  abbreviation: text,
  permanentNumber: driverNumber.nullish(),
  gender: z.enum(['MALE', 'FEMALE']),
  dateOfBirth: isoDate.nullish(),
  dateOfDeath: isoDate.nullish(),
  placeOfBirth: optionalText,
  countryOfBirthCountryId: id.nullish(),
  nationalityCountryId: id,
  secondNationalityCountryId: id.nullish(),
});

export const constructorFile = z.object({ id, name: text, fullName: text, countryId: id });

export const engineManufacturerFile = z.object({ id, name: text, countryId: id.nullish() });

/** "1-24", "1-2,4-7", a single round as a number, or empty for a test driver who started no race. */
const rounds = z.union([int.positive(), z.string().regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, 'rounds like "1-5,7"')], { error: 'rounds like "1-5,7" or one round number' }).nullish();

const entrantDriver = z.object({ driverId: id, rounds, testDriver: z.boolean().nullish() });

/** Drivers sit in a drivers[] list, or a single one is written inline as driverId + rounds. */
const withDrivers = {
  drivers: z.array(entrantDriver).nullish(),
  driverId: id.nullish(),
  rounds,
  testDriver: z.boolean().nullish(),
};

const entrantConstructor = z.object({ constructorId: id, engineManufacturerId: id, ...withDrivers });

/** An entrant runs one constructor inline, or several under constructors[]. */
export const entrantsFile = z.array(
  z.object({
    entrantId: id,
    countryId: id,
    constructorId: id.nullish(),
    engineManufacturerId: id.nullish(),
    constructors: z.array(entrantConstructor).nullish(),
    ...withDrivers,
  }),
);
export type SeasonEntrant = z.infer<typeof entrantsFile>[number];
export type EntrantConstructor = z.infer<typeof entrantConstructor>;

const standing = { position, points: z.number().nonnegative() };
export const driverStandingsFile = z.array(z.object({ ...standing, driverId: id }));
export const constructorStandingsFile = z.array(z.object({ ...standing, constructorId: id, engineManufacturerId: id }));

/** race.yml: the weekend. Every session is a *Date (UTC day) with an optional *Time (UTC). */
export const raceFile = z.object({
  id: int.positive(),
  year: int.optional(),
  round: int.positive(),
  date: isoDate,
  time: utcTime.nullish(),
  grandPrixId: id,
  officialName: text,
  qualifyingFormat: z.enum(['FOUR_LAPS', 'TWO_SESSION', 'ONE_SESSION', 'ONE_LAP', 'AGGREGATE', 'KNOCKOUT', 'ELIMINATION', 'SPRINT_RACE']),
  sprintQualifyingFormat: z.enum(['SPRINT_SHOOTOUT']).nullish(),
  circuitId: id,
  circuitLayoutId: id,
  circuitType: z.enum(['RACE', 'ROAD', 'STREET']),
  direction: z.enum(['CLOCKWISE', 'ANTI_CLOCKWISE']),
  courseLength: distance,
  turns: count,
  laps: count,
  distance,
  scheduledLaps: count.nullish(),
  scheduledDistance: distance.nullish(),
  sprintRaceLaps: count.nullish(),
  driversChampionshipDecider: z.boolean().nullish(),
  constructorsChampionshipDecider: z.boolean().nullish(),
  preQualifyingDate: isoDate.nullish(),
  preQualifyingTime: utcTime.nullish(),
  freePractice1Date: isoDate.nullish(),
  freePractice1Time: utcTime.nullish(),
  freePractice2Date: isoDate.nullish(),
  freePractice2Time: utcTime.nullish(),
  freePractice3Date: isoDate.nullish(),
  freePractice3Time: utcTime.nullish(),
  freePractice4Date: isoDate.nullish(),
  freePractice4Time: utcTime.nullish(),
  qualifying1Date: isoDate.nullish(),
  qualifying1Time: utcTime.nullish(),
  qualifying2Date: isoDate.nullish(),
  qualifying2Time: utcTime.nullish(),
  qualifyingDate: isoDate.nullish(),
  qualifyingTime: utcTime.nullish(),
  sprintQualifyingDate: isoDate.nullish(),
  sprintQualifyingTime: utcTime.nullish(),
  sprintRaceDate: isoDate.nullish(),
  sprintRaceTime: utcTime.nullish(),
  warmingUpDate: isoDate.nullish(),
  warmingUpTime: utcTime.nullish(),
});
export type RaceFile = z.infer<typeof raceFile>;

const classified = {
  position,
  driverNumber,
  driverId: id,
  constructorId: id,
  engineManufacturerId: id,
};

/** race-results.yml and sprint-race-results.yml. */
export const raceResultsFile = z.array(
  z.object({
    ...classified,
    sharedCar: z.boolean().nullish(),
    laps: count.nullish(),
    time: optionalText,
    timePenalty: optionalText,
    gap: optionalText,
    interval: optionalText,
    reasonRetired: optionalText,
    points: z.number().nonnegative().nullish(),
    /** A grid slot, or PL for a pit-lane start. */
    gridPosition: z.union([int.positive(), z.literal('PL')], { error: 'a grid position number or PL' }).nullish(),
  }),
);

/** qualifying-results.yml, sprint-qualifying-results.yml, qualifying-1/2-results.yml, pre-qualifying-results.yml. */
export const qualifyingResultsFile = z.array(
  z.object({
    ...classified,
    time: optionalText,
    q1: optionalText,
    q2: optionalText,
    q3: optionalText,
    gap: optionalText,
    laps: count.nullish(),
  }),
);

/** free-practice-1-results.yml to free-practice-4-results.yml. */
export const practiceResultsFile = z.array(
  z.object({ ...classified, time: optionalText, gap: optionalText, interval: optionalText, laps: count.nullish() }),
);

export const fastestLapsFile = z.array(
  z.object({ ...classified, lap: count.nullish(), time: text, gap: optionalText }),
);

/** pit-stops.yml: time is the stop's duration ("22.431", "1:02.345"). */
export const pitStopsFile = z.array(
  z.object({ driverNumber, driverId: id, constructorId: id, engineManufacturerId: id, stop: int.positive(), lap: count, time: optionalText }),
);

const schemaUrl = /\/schema\/(v\d+\.\d+\.\d+)\//;

/** The one field of F1DB's JSON schema we read: its $id carries the schema version ("v6.5.0"). */
export const schemaFile = z
  .object({ $id: z.string().regex(schemaUrl, 'an F1DB schema URL with a version, e.g. .../schema/v6.5.0/...') })
  .transform(({ $id }) => schemaUrl.exec($id)![1]!);
