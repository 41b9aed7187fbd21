import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { races } from '../db/schema';
import { storeSessionTiming } from '../ingest/timing/store';
import { archiveSessions, createArchiveClient, findArchiveSession, loadArchiveEntrants, readSessionTiming, type ArchiveClient, type ArchiveEntrant, type ArchiveSession, type ArchiveSessionKind } from '../ingest/livetiming';
import { sharedF1dbDir } from './f1-database';

/**
 * The recorded sessions with TimingData (the list in ../shared/data/livetiming/README.md), with what each
 * recording cannot know of F1DB's classification, for the data-truth tests of everything read from the archive.
 */

export type RecordedSession = {
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
  /** Time penalties given during the race and added to the time at the flag: the car crossed the line earlier in the order. */
  penaltiesAddedAtTheFlag?: { car: number; seconds: number; why: string }[];
  /** F1DB facts this recording cannot give: a whole row (the car never appears) or one field of a car. */
  notInFeed?: { car: number; field: 'row' | 'gridPosition'; why: string }[];
};

export const recordedSessions: RecordedSession[] = [
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
    penaltiesAddedAtTheFlag: [{ car: 1, seconds: 10, why: 'Verstappen’s 10 s for an unsafe release, given during the sprint, crossed the line 4th' }],
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

/** A file of the shared F1DB tree as F1DB wrote it; undefined when there is none. */
export function readF1db<T>(...parts: string[]): T | undefined {
  const file = path.join(sharedF1dbDir(), 'data', ...parts);
  return fs.existsSync(file) ? (yaml.load(fs.readFileSync(file, 'utf8')) as T) : undefined;
}

/** The recorded session's archive folder (undefined: not found) and its round's entrants. */
export async function findRecordedSession(client: ArchiveClient, db: Db, session: RecordedSession): Promise<{ found: ArchiveSession | undefined; entrants: ArchiveEntrant[] }> {
  const race = readF1db<{ round: number; date: Date; grandPrixId: string }>('seasons', String(session.year), 'races', session.race, 'race.yml')!;
  const grandPrix = readF1db<{ fullName: string }>('grands-prix', `${race.grandPrixId}.yml`)!;
  const found = await findArchiveSession(client, {
    year: session.year,
    raceDate: race.date.toISOString().slice(0, 10),
    sessionDate: session.sessionDate,
    kind: session.kind,
    grandPrixName: grandPrix.fullName,
  });
  return { found, entrants: await loadArchiveEntrants(db, session.year, race.round) };
}

/** Reads a recorded session's timing from the stand-in archive at archiveUrl and stores it, as `npm run import:timing` would. */
export async function storeRecordedTiming(db: Db, archiveUrl: string, session: RecordedSession): Promise<void> {
  const client = createArchiveClient({ baseUrl: archiveUrl });
  const { found, entrants } = await findRecordedSession(client, db, session);
  if (!found) throw new Error(`${session.name}: not in the recorded archive`);
  const round = readF1db<{ round: number }>('seasons', String(session.year), 'races', session.race, 'race.yml')!.round;
  const [race] = await db.select({ id: races.id }).from(races).where(and(eq(races.year, session.year), eq(races.round, round)));
  await storeSessionTiming(db, { raceId: race!.id, session: archiveSessions[session.kind] }, await readSessionTiming(client, found, entrants), new Date());
}

/** The recorded 2018 Azerbaijan Grand Prix: the one full grand prix of the recordings. */
export const recordedGrandPrix = recordedSessions.find((session) => session.year === 2018 && session.kind === 'RACE')!;
