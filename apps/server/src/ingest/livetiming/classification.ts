import { readArchiveJson, readTopic, readTopicStream, type ArchiveClient } from './archive';
import { mapArchiveDrivers, type ArchiveDriver, type ArchiveEntrant, type DriverListEntry, type UnmappedDriver } from './drivers';
import { derivePracticeResults } from './practice';
import { deriveQualifyingResults } from './qualifying';
import { deriveFastestLaps, deriveRaceResults } from './race';
import type { CarRow, FastestLapRow, PracticeResultRow, QualifyingResultRow, RaceResultRow } from './rows';
import type { ArchiveSession } from './sessions';
import { stateAt } from './stream';
import { sessionStatus, text, timingLines, type TopicRead } from './timing';

export type ArchiveClassification = {
  session: ArchiveSession;
  /** The archive says the session is over and its classification complete. */
  final: boolean;
  /** RACE, SPRINT_RACE: like race-results.yml / sprint-race-results.yml rows, without points. */
  raceResults?: RaceResultRow[];
  /** QUALIFYING, SPRINT_QUALIFYING: like qualifying-results.yml rows. */
  qualifyingResults?: QualifyingResultRow[];
  /** FREE_PRACTICE_n: like free-practice-n-results.yml rows. */
  practiceResults?: PracticeResultRow[];
  /** RACE, SPRINT_RACE: like fastest-laps.yml rows. */
  fastestLaps?: FastestLapRow[];
  /** Drivers in the archive that match no entrant: reported, never stored. */
  unmapped: UnmappedDriver[];
  /** The mapped drivers' pictures and team colours from the DriverList. */
  driverList: DriverListEntry[];
  /** Lines of the archive's files that could not be read and were skipped. */
  problems: string[];
};

/** Session statuses after which the timing no longer changes. */
const OVER = new Set(['Finalised', 'Ends']);

/** A topic with its history when the archive has the `.jsonStream`, else the final state from `.json`. */
async function readWithHistory(client: ArchiveClient, session: ArchiveSession, topic: string, problems: string[]): Promise<TopicRead | undefined> {
  const stream = await readTopicStream(client, session.path, topic);
  if (stream) {
    problems.push(...stream.problems);
    return { state: stateAt(stream.messages), messages: stream.messages };
  }
  const state = await readArchiveJson(client, `${session.path}${topic}.json`);
  return state === undefined ? undefined : { state };
}

/** The session's classification as the archive has it now, its drivers mapped to the round's F1DB entrants. */
export async function readArchiveClassification(client: ArchiveClient, session: ArchiveSession, entrants: ArchiveEntrant[]): Promise<ArchiveClassification> {
  const problems: string[] = [];
  const isRace = session.kind === 'RACE' || session.kind === 'SPRINT_RACE';
  const [info, status, driverList, timing, appData] = await Promise.all([
    readTopic(client, session.path, 'SessionInfo'),
    readWithHistory(client, session, 'SessionStatus', problems),
    readTopic(client, session.path, 'DriverList'),
    readWithHistory(client, session, 'TimingData', problems),
    isRace ? readWithHistory(client, session, 'TimingAppData', problems) : undefined,
  ]);
  return { ...classifySession(session, { info, status, driverList, timing, appData }, entrants), problems };
}

/** The topics a classification is derived from: final states, with their history where it is known. */
export type ClassificationTopics = {
  info: unknown;
  status: TopicRead | undefined;
  driverList: unknown;
  timing: TopicRead | undefined;
  appData: TopicRead | undefined;
};

/** The classification the topics of a session give (an archived one, or the final state of a live feed). */
export function classifySession(session: ArchiveSession, topics: ClassificationTopics, entrants: ArchiveEntrant[]): ArchiveClassification {
  const { info, status, driverList, timing, appData } = topics;
  const carsTimed = Object.keys(timingLines(timing?.state)).length > 0;
  const archiveStatus = (info as { ArchiveStatus?: { Status?: unknown } } | undefined)?.ArchiveStatus?.Status;
  const final = carsTimed && (OVER.has(sessionStatus(status?.state) ?? '') || archiveStatus === 'Complete');
  const drivers = archiveDrivers(timing, driverList);
  const { mapped, unmapped } = mapArchiveDrivers(drivers, entrants);
  const toF1db = <Row>(rows: CarRow<Row>[]) =>
    rows.flatMap(({ racingNumber, ...row }) => {
      const entrant = mapped.get(racingNumber);
      if (!entrant) return [];
      const identity = { driverNumber: Number(racingNumber), driverId: entrant.driverId, constructorId: entrant.constructorId, engineManufacturerId: entrant.engineManufacturerId };
      return [{ ...identity, ...row } as unknown as Row];
    });
  const classification: ArchiveClassification = { session, final, unmapped, problems: [], driverList: driverListEntries(driverList, entrants) };
  if (!timing) return classification;
  if (session.kind === 'RACE' || session.kind === 'SPRINT_RACE') {
    classification.raceResults = toF1db(deriveRaceResults({ timing, appData, status }));
    classification.fastestLaps = toF1db(deriveFastestLaps(timing));
  } else if (session.kind === 'QUALIFYING' || session.kind === 'SPRINT_QUALIFYING') {
    classification.qualifyingResults = toF1db(deriveQualifyingResults(timing));
  } else {
    classification.practiceResults = toF1db(derivePracticeResults(timing));
  }
  return classification;
}

/** The session's DriverList alone: each mapped driver's headshot address and team colour. */
export async function readArchiveDriverList(client: ArchiveClient, session: ArchiveSession, entrants: ArchiveEntrant[]): Promise<DriverListEntry[]> {
  return driverListEntries(await readTopic(client, session.path, 'DriverList'), entrants);
}

type DriverListTopic = Record<string, Record<string, unknown> | undefined>;

export function asDriverList(driverList: unknown): DriverListTopic {
  return (typeof driverList === 'object' && driverList !== null ? driverList : {}) as DriverListTopic;
}

/** The timed cars, named from the DriverList where it has them. */
function archiveDrivers(timing: TopicRead | undefined, driverList: unknown): ArchiveDriver[] {
  return namedDrivers(Object.keys(timingLines(timing?.state)), asDriverList(driverList));
}

export function namedDrivers(racingNumbers: string[], list: DriverListTopic): ArchiveDriver[] {
  return racingNumbers.map((racingNumber) => {
    const entry = list[racingNumber] ?? {};
    return {
      racingNumber,
      tla: text(entry.Tla),
      firstName: text(entry.FirstName),
      lastName: text(entry.LastName),
      fullName: text(entry.FullName),
      broadcastName: text(entry.BroadcastName),
      teamName: text(entry.TeamName),
      headshotUrl: httpsUrl(text(entry.HeadshotUrl)),
      teamColour: hexColour(text(entry.TeamColour)),
    };
  });
}

/** Every driver the DriverList names (timed or not), mapped to the entrants; the unmapped ones are left out. */
function driverListEntries(driverList: unknown, entrants: ArchiveEntrant[]): DriverListEntry[] {
  const list = asDriverList(driverList);
  const drivers = namedDrivers(Object.keys(list).filter((key) => /^\d+$/.test(key)), list);
  const { mapped } = mapArchiveDrivers(drivers, entrants);
  return drivers.flatMap((driver) => {
    const entrant = mapped.get(driver.racingNumber);
    if (!entrant || (!driver.headshotUrl && !driver.teamColour)) return [];
    return [{ driverId: entrant.driverId, constructorId: entrant.constructorId, headshotUrl: driver.headshotUrl ?? null, teamColour: driver.teamColour ?? null }];
  });
}

function httpsUrl(value: string | undefined): string | undefined {
  return value && /^https:\/\/[^\s"'<>]+$/.test(value) ? value : undefined;
}

/** "4781D7" → "#4781D7"; anything else is dropped. */
function hexColour(value: string | undefined): string | undefined {
  return value && /^#?[0-9a-f]{6}$/i.test(value) ? `#${value.replace(/^#/, '').toUpperCase()}` : undefined;
}
