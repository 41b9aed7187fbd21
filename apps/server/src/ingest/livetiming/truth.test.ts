import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openF1TestDatabase, sharedF1dbDir } from '../../test/f1-database';
import { startArchiveStandIn, type ArchiveStandIn } from '../../test/livetimingArchive';
import { parseTime, formatGap } from './times';
import {
  createArchiveClient,
  findArchiveSession,
  loadArchiveEntrants,
  readArchiveClassification,
  type ArchiveClassification,
  type ArchiveSessionKind,
} from './index';

/**
 * Data truth: the classification derived from each recorded session with TimingData (the list in
 * ../shared/data/livetiming/README.md), read through the real client from a stand-in serving the recordings,
 * equals F1DB's for that session. F1DB's YAML is the truth and is read here as it is. The few facts the archive
 * cannot give are listed per session with the reason; everything else is compared field by field.
 */

type Row = Record<string, unknown>;

type RecordedSession = {
  name: string;
  year: number;
  /** The race's folder in F1DB's tree. */
  race: string;
  kind: ArchiveSessionKind;
  /** The session's UTC day: F1DB's race.yml has session dates only since 2024. */
  sessionDate: string;
  /** SessionStatus reached Finalised (not recorded for every session). */
  final: boolean;
  /** Time penalties the stewards added after the recording ended, which F1DB's classification includes. */
  penaltiesAfterTheFeed?: { car: number; seconds: number; why: string }[];
  /** F1DB facts this recording cannot give: a whole row (the car never appears) or one field of a car. */
  notInFeed?: { car: number; field: 'row' | 'gridPosition'; why: string }[];
};

const recordedSessions: RecordedSession[] = [
  {
    name: '2018 Azerbaijan Grand Prix, Race',
    year: 2018,
    race: '04-azerbaijan',
    kind: 'RACE',
    sessionDate: '2018-04-29',
    final: true,
    penaltiesAfterTheFeed: [{ car: 20, seconds: 10, why: 'Magnussen’s 10 s for the collision with Gasly was decided after the race' }],
  },
  { name: '2019 Italian Grand Prix, Qualifying', year: 2019, race: '14-italy', kind: 'QUALIFYING', sessionDate: '2019-09-07', final: true },
  { name: '2020 Hungarian Grand Prix, Practice 2', year: 2020, race: '03-hungary', kind: 'FREE_PRACTICE_2', sessionDate: '2020-07-17', final: true },
  {
    name: '2020 70th Anniversary Grand Prix, Practice 2 (no DriverList: mapped by number)',
    year: 2020,
    race: '05-70th-anniversary',
    kind: 'FREE_PRACTICE_2',
    sessionDate: '2020-08-07',
    final: true,
  },
  { name: '2021 Italian Grand Prix, Practice 2', year: 2021, race: '14-italy', kind: 'FREE_PRACTICE_2', sessionDate: '2021-09-11', final: true },
  { name: '2021 Mexico City Grand Prix, Qualifying', year: 2021, race: '18-mexico', kind: 'QUALIFYING', sessionDate: '2021-11-06', final: true },
  { name: '2022 Saudi Arabian Grand Prix, Qualifying', year: 2022, race: '02-saudi-arabia', kind: 'QUALIFYING', sessionDate: '2022-03-26', final: true },
  {
    name: '2022 Spanish Grand Prix, Qualifying (TimingData only: not known final)',
    year: 2022,
    race: '06-spain',
    kind: 'QUALIFYING',
    sessionDate: '2022-05-21',
    final: false,
  },
  { name: '2022 British Grand Prix, Practice 1', year: 2022, race: '10-great-britain', kind: 'FREE_PRACTICE_1', sessionDate: '2022-07-01', final: true },
  { name: '2023 Azerbaijan Grand Prix, Qualifying', year: 2023, race: '04-azerbaijan', kind: 'QUALIFYING', sessionDate: '2023-04-28', final: true },
  { name: '2023 Azerbaijan Grand Prix, Sprint Shootout', year: 2023, race: '04-azerbaijan', kind: 'SPRINT_QUALIFYING', sessionDate: '2023-04-29', final: true },
  {
    name: '2023 Azerbaijan Grand Prix, Sprint',
    year: 2023,
    race: '04-azerbaijan',
    kind: 'SPRINT_RACE',
    sessionDate: '2023-04-29',
    final: true,
    notInFeed: [{ car: 2, field: 'row', why: 'Sargeant (DNS, car damaged in qualifying) is in none of the recording’s topics' }],
  },
  {
    name: '2023 Canadian Grand Prix, Qualifying (TimingData only: not known final)',
    year: 2023,
    race: '08-canada',
    kind: 'QUALIFYING',
    sessionDate: '2023-06-17',
    final: false,
  },
  { name: '2024 Chinese Grand Prix, Sprint Qualifying', year: 2024, race: '05-china', kind: 'SPRINT_QUALIFYING', sessionDate: '2024-04-19', final: true },
  { name: '2024 Spanish Grand Prix, Qualifying', year: 2024, race: '10-spain', kind: 'QUALIFYING', sessionDate: '2024-06-22', final: true },
  { name: '2024 British Grand Prix, Practice 1', year: 2024, race: '12-great-britain', kind: 'FREE_PRACTICE_1', sessionDate: '2024-07-05', final: true },
  {
    name: '2025 Miami Grand Prix, Sprint',
    year: 2025,
    race: '06-miami',
    kind: 'SPRINT_RACE',
    sessionDate: '2025-05-03',
    final: true,
    penaltiesAfterTheFeed: [
      { car: 23, seconds: 5, why: 'Albon: "will be investigated after the sprint" (safety car procedure); 5 s after the recording ended' },
      { car: 30, seconds: 5, why: 'Lawson: "will be investigated after the sprint" (collision with Alonso)' },
      { car: 87, seconds: 5, why: 'Bearman: "will be investigated after the sprint" (unsafe release)' },
    ],
    notInFeed: [
      {
        car: 22,
        field: 'gridPosition',
        why: 'Tsunoda started from the pit lane, but after the rain delay every car was in the pit lane when the sprint went green, so the feed only shows his grid slot (20)',
      },
    ],
  },
];

const resultFiles: Record<ArchiveSessionKind, string> = {
  RACE: 'race-results.yml',
  SPRINT_RACE: 'sprint-race-results.yml',
  QUALIFYING: 'qualifying-results.yml',
  SPRINT_QUALIFYING: 'sprint-qualifying-results.yml',
  FREE_PRACTICE_1: 'free-practice-1-results.yml',
  FREE_PRACTICE_2: 'free-practice-2-results.yml',
  FREE_PRACTICE_3: 'free-practice-3-results.yml',
};

/**
 * The fields compared, per file. Not compared, because the live-timing feed never carries them: a race's total
 * `time` (the feed has gaps but not the winner's time, so no one's), `reasonRetired`, and `timePenalty` (the
 * feed announces penalties but not whether one was served in a pit stop or added to the time).
 */
const comparedFields = {
  race: ['position', 'driverNumber', 'driverId', 'constructorId', 'engineManufacturerId', 'laps', 'gap', 'interval', 'gridPosition'],
  qualifying: ['position', 'driverNumber', 'driverId', 'constructorId', 'engineManufacturerId', 'q1', 'q2', 'q3', 'gap', 'laps'],
  practice: ['position', 'driverNumber', 'driverId', 'constructorId', 'engineManufacturerId', 'time', 'gap', 'interval', 'laps'],
  fastestLap: ['position', 'driverNumber', 'driverId', 'constructorId', 'engineManufacturerId', 'lap', 'time', 'gap'],
};

function pick(row: Row, fields: string[]): Row {
  return Object.fromEntries(fields.map((field) => [field, row[field] ?? null]));
}

function readF1db<T>(...parts: string[]): T | undefined {
  const file = path.join(sharedF1dbDir(), 'data', ...parts);
  return fs.existsSync(file) ? (yaml.load(fs.readFileSync(file, 'utf8')) as T) : undefined;
}

/**
 * F1DB's race classification before the stewards' later time penalties, rebuilt from F1DB's own times: each
 * penalised car's time loses its penalty, the cars on the lead lap are ordered by time again, and gaps and
 * intervals are recomputed, as the timing screen showed them when the recording ended.
 */
function beforeLaterPenalties(rows: Row[], penalties: RecordedSession['penaltiesAfterTheFeed'] = []): Row[] {
  if (penalties.length === 0) return rows;
  const timed = rows
    .filter((row) => typeof row.time === 'string')
    .map((row) => ({ row, ms: parseTime(row.time as string)! - 1000 * (penalties.find((penalty) => penalty.car === row.driverNumber)?.seconds ?? 0) }));
  const positions = timed.map(({ row }) => row.position as number);
  timed.sort((a, b) => a.ms - b.ms);
  const rebuilt = timed.map(({ row, ms }, index) => ({
    ...row,
    position: positions[index],
    gap: index === 0 ? null : formatGap(ms - timed[0]!.ms),
    interval: index === 0 ? null : formatGap(ms - timed[index - 1]!.ms),
  }));
  return [...rebuilt, ...rows.filter((row) => typeof row.time !== 'string')];
}

/** What F1DB says, narrowed to what the recording can know. */
function expectedRows(session: RecordedSession, fields: string[]): Row[] {
  const folder = ['seasons', String(session.year), 'races', session.race];
  let rows = readF1db<Row[]>(...folder, resultFiles[session.kind])!;
  if (session.kind === 'RACE' || session.kind === 'SPRINT_RACE') {
    // F1DB leaves some grid slots empty in the results (Ocon's pit-lane start in the 2023 Baku sprint) and
    // gives them in the starting grid.
    const grid = readF1db<Row[]>(...folder, session.kind === 'RACE' ? 'starting-grid-positions.yml' : 'sprint-starting-grid-positions.yml') ?? [];
    rows = rows.map((row) => ({ ...row, gridPosition: row.gridPosition ?? grid.find((slot) => slot.driverNumber === row.driverNumber)?.position ?? null }));
    rows = beforeLaterPenalties(rows, session.penaltiesAfterTheFeed);
  }
  return rows.map((row) => pick(row, fields)).filter((row) => !session.notInFeed?.some((gap) => gap.field === 'row' && gap.car === row.driverNumber));
}

function withoutFieldsNotInFeed(session: RecordedSession, rows: Row[]): Row[] {
  return rows.map((row) => {
    const missing = session.notInFeed?.filter((gap) => gap.field !== 'row' && gap.car === row.driverNumber) ?? [];
    return Object.fromEntries(Object.entries(row).filter(([field]) => !missing.some((gap) => gap.field === field)));
  });
}

describe('the classification derived from each recorded session equals F1DB’s', () => {
  let database: Database;
  let archive: ArchiveStandIn;
  beforeAll(async () => {
    database = await openF1TestDatabase();
    archive = await startArchiveStandIn();
  });
  afterAll(async () => {
    await archive.close();
    await database.close();
  });

  async function classify(session: RecordedSession): Promise<ArchiveClassification> {
    const race = readF1db<{ round: number; date: Date; grandPrixId: string }>('seasons', String(session.year), 'races', session.race, 'race.yml')!;
    const grandPrix = readF1db<{ fullName: string }>('grands-prix', `${race.grandPrixId}.yml`)!;
    const client = createArchiveClient({ baseUrl: archive.url });
    const found = await findArchiveSession(client, {
      year: session.year,
      raceDate: race.date.toISOString().slice(0, 10),
      sessionDate: session.sessionDate,
      kind: session.kind,
      grandPrixName: grandPrix.fullName,
    });
    expect(found, 'the session folder is found').toBeDefined();
    return readArchiveClassification(client, found!, await loadArchiveEntrants(database.db, session.year, race.round));
  }

  it.each(recordedSessions)('$name', async (session) => {
    const classification = await classify(session);
    expect(classification.unmapped).toEqual([]);
    expect(classification.problems).toEqual([]);
    expect(classification.final).toBe(session.final);
    if (session.kind === 'RACE' || session.kind === 'SPRINT_RACE') {
      const rows = classification.raceResults!;
      expect(withoutFieldsNotInFeed(session, rows.map((row) => pick(row, comparedFields.race)))).toEqual(
        withoutFieldsNotInFeed(session, expectedRows(session, comparedFields.race)),
      );
      expect(rows.every((row) => row.time === null && row.reasonRetired === null && row.timePenalty === null)).toBe(true);
      if (session.kind === 'RACE') {
        const fastestLaps = readF1db<Row[]>('seasons', String(session.year), 'races', session.race, 'fastest-laps.yml')!;
        expect(classification.fastestLaps!.map((row) => pick(row, comparedFields.fastestLap))).toEqual(fastestLaps.map((row) => pick(row, comparedFields.fastestLap)));
      }
    } else if (session.kind === 'QUALIFYING' || session.kind === 'SPRINT_QUALIFYING') {
      expect(classification.qualifyingResults!.map((row) => pick(row, comparedFields.qualifying))).toEqual(expectedRows(session, comparedFields.qualifying));
    } else {
      expect(classification.practiceResults!.map((row) => pick(row, comparedFields.practice))).toEqual(expectedRows(session, comparedFields.practice));
    }
  });
});
