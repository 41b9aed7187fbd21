import type {
  ErgastCircuit,
  ErgastConstructor,
  ErgastDriver,
  ErgastPitStop,
  ErgastQualifyingResult,
  ErgastRace,
  ErgastRaceBase,
  ErgastResult,
  ErgastSeason,
} from '@slipstream/contract';
import type { MeetingRecord } from '../calendar/queries';
import type { SessionRecord } from '../calendar/timetable';
import type { ConstructorFacts, DriverFacts } from '../people';
import type { FastestLapRow } from '../results/queries';
import type { CircuitRow, PitStopRow, QualifyingRow, ResultRow } from './queries';

/**
 * F1DB carries no Wikipedia links, which Ergast gives as url: a Wikipedia search for the exact title lands
 * on the article when one has that title, and on the search results otherwise.
 */
function wikipediaUrl(title: string): string {
  return `https://en.wikipedia.org/wiki/Special:Search/${encodeURIComponent(title.replaceAll(' ', '_'))}`;
}

export function ergastDriver(driver: DriverFacts): ErgastDriver {
  return {
    driverId: driver.id,
    ...(driver.permanentNumber ? { permanentNumber: driver.permanentNumber } : {}),
    code: driver.abbreviation,
    url: wikipediaUrl(driver.name),
    givenName: driver.firstName,
    familyName: driver.lastName,
    ...(driver.dateOfBirth ? { dateOfBirth: driver.dateOfBirth } : {}),
    nationality: driver.nationality,
  };
}

export function ergastConstructor(team: ConstructorFacts): ErgastConstructor {
  return { constructorId: team.id, url: wikipediaUrl(team.fullName), name: team.name, nationality: team.nationality };
}

/** A session's day and, when known, its UTC start as "HH:MM:SSZ". */
function sessionTime(session: SessionRecord): { date: string; time?: string } {
  return session.startsAt ? { date: session.date, time: `${session.startsAt.slice(11, 19)}Z` } : { date: session.date };
}

export function ergastSeason(year: number): ErgastSeason {
  return { season: String(year), url: wikipediaUrl(`${year} Formula One World Championship`) };
}

export function ergastCircuit(circuit: CircuitRow): ErgastCircuit {
  return {
    circuitId: circuit.id,
    url: wikipediaUrl(circuit.fullName),
    circuitName: circuit.fullName,
    Location: { lat: String(circuit.latitude), long: String(circuit.longitude), locality: circuit.placeName, country: circuit.countryName },
  };
}

/** The race fields every Ergast table shares. */
export function ergastRaceBase(meeting: MeetingRecord): ErgastRaceBase {
  const race = meeting.sessions.find((s) => s.kind === 'RACE');
  const time = race ? sessionTime(race).time : undefined;
  return {
    season: String(meeting.season),
    round: String(meeting.round),
    url: wikipediaUrl(`${meeting.season} ${meeting.name}`),
    raceName: meeting.name,
    Circuit: ergastCircuit(meeting.circuit),
    date: meeting.date,
    ...(time ? { time } : {}),
  };
}

const SESSION_FIELDS = {
  FREE_PRACTICE_1: 'FirstPractice',
  FREE_PRACTICE_2: 'SecondPractice',
  FREE_PRACTICE_3: 'ThirdPractice',
  QUALIFYING: 'Qualifying',
  SPRINT: 'Sprint',
  SPRINT_QUALIFYING: 'SprintQualifying',
} as const;

/** A race of the schedule, with the weekend's sessions that took place. */
export function ergastRace(meeting: MeetingRecord): ErgastRace {
  const race: ErgastRace = ergastRaceBase(meeting);
  for (const session of meeting.sessions) {
    const field = SESSION_FIELDS[session.kind as keyof typeof SESSION_FIELDS];
    if (field) race[field] = sessionTime(session);
  }
  return race;
}

/** Ergast's one-letter codes for a classification without a position. */
const POSITION_LETTERS: Record<string, string> = {
  DNF: 'R',
  DSQ: 'D',
  EX: 'E',
  DNS: 'W',
  DNP: 'W',
  DNQ: 'F',
  DNPQ: 'F',
  NC: 'N',
};

export function ergastPositionText(positionText: string): string {
  return POSITION_LETTERS[positionText] ?? positionText;
}

export type ClassificationPeople = { drivers: Map<string, DriverFacts>; teams: Map<string, ConstructorFacts> };

/**
 * A race or sprint row. Time (the winner's race time, the gap for the others on the lead lap) is given only
 * for classified finishers with a time, as Ergast does; grid 0 means a pit-lane start or none. The fastest lap is
 * given only with the lap it was set on (Ergast had none without), its average speed from the course length (km).
 */
export function ergastResult(row: ResultRow, fastestLap: FastestLapRow | undefined, people: ClassificationPeople, courseLength?: number): ErgastResult {
  const result: ErgastResult = {
    number: row.driverNumber,
    position: String(row.positionDisplayOrder),
    positionText: ergastPositionText(row.positionText),
    points: String(row.points ?? 0),
    Driver: ergastDriver(people.drivers.get(row.driverId)!),
    Constructor: ergastConstructor(people.teams.get(row.constructorId)!),
    grid: row.gridPosition && /^\d+$/.test(row.gridPosition) ? row.gridPosition : '0',
    laps: String(row.laps ?? 0),
    status: row.status,
  };
  if (row.positionNumber !== null && row.time) {
    result.Time = { millis: String(durationMillis(row.time)), time: row.positionNumber === 1 ? row.time : (row.gap ?? row.time) };
  }
  if (fastestLap && fastestLap.lap !== null) {
    const lapMillis = durationMillis(fastestLap.time);
    result.FastestLap = {
      ...(fastestLap.positionNumber !== null ? { rank: String(fastestLap.positionNumber) } : {}),
      lap: String(fastestLap.lap),
      Time: { time: fastestLap.time },
      ...(courseLength && lapMillis > 0 ? { AverageSpeed: { units: 'kph', speed: ((courseLength * 3_600_000) / lapMillis).toFixed(3) } } : {}),
    };
  }
  return result;
}

/** A qualifying row; a format with a single session gives its time as Q1, as Ergast does. */
export function ergastQualifyingResult(row: QualifyingRow, people: ClassificationPeople): ErgastQualifyingResult {
  const q1 = row.q1 ?? row.time;
  return {
    number: row.driverNumber,
    position: String(row.positionDisplayOrder),
    Driver: ergastDriver(people.drivers.get(row.driverId)!),
    Constructor: ergastConstructor(people.teams.get(row.constructorId)!),
    ...(q1 ? { Q1: q1 } : {}),
    ...(row.q2 ? { Q2: row.q2 } : {}),
    ...(row.q3 ? { Q3: row.q3 } : {}),
  };
}

/** F1DB's pit stop time is the stop's duration; it has no time of day. */
export function ergastPitStop(row: PitStopRow): ErgastPitStop {
  return { driverId: row.driverId, lap: String(row.lap), stop: String(row.stop), ...(row.timeOfDay ? { time: row.timeOfDay } : {}), ...(row.time ? { duration: row.time } : {}) };
}

/** "1:42:06.304" → 6126304; "30:39.965" → 1839965. */
export function durationMillis(text: string): number {
  const seconds = text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return Math.round(seconds * 1000);
}
