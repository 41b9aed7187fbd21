import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import type { Driver, DriverDetail, LastRaceSummary, MeetingDetailResponse, Team, TitleFightResponse, VoteStateResponse } from '@slipstream/contract';
import { fastestLaps, raceConstructorStandings, raceDriverStandings, raceResults } from '../../db/schema';
import type { RaceResultRow, StorableClassification } from '../../ingest/provisional/classification';
import { storeClassification } from '../../ingest/provisional/store';
import { sharedF1dbDir } from '../../test/f1-database';
import { useF1TestApp } from '../../test/f1-app';

/** The 2025 Miami Grand Prix (round 6): its sprint ran on Saturday 3 May (16:00 UTC), the race on Sunday. */
const MIAMI = 1131;
const AFTER_SPRINT = '2025-05-03T18:00:00Z';
const AFTER_RACE = '2025-05-04T23:00:00Z';
const folder = path.join(sharedF1dbDir(), 'data/seasons/2025/races/06-miami');

/** A classification of the Miami weekend as the archive reader gives it: F1DB's rows without their points. */
function fromF1db(file: string, sessionPath: string): StorableClassification {
  const rows = (yaml.load(fs.readFileSync(path.join(folder, file), 'utf8'), { schema: yaml.CORE_SCHEMA }) as RaceResultRow[]).map(({ points: _points, ...row }) => row);
  return { session: { path: sessionPath }, final: true, raceResults: rows, unmapped: [] };
}

type ErgastStandings = { MRData: { StandingsTable: { StandingsLists: { round: string; provisional?: true }[] } } };

const t = useF1TestApp();

async function at<T>(now: string, url: string): Promise<T> {
  await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now } });
  const response = await t.app.inject(url);
  expect(response.statusCode, url).toBe(200);
  return response.json() as T;
}

describe('provisional results on every page that shows results', () => {
  it('starts from F1DB as it was before the Miami sprint', async () => {
    const { db } = t.database;
    // F1DB before the weekend's sprint: none of its sprint, race, fastest lap or standings yet.
    await db.delete(raceResults).where(eq(raceResults.raceId, MIAMI));
    await db.delete(fastestLaps).where(eq(fastestLaps.raceId, MIAMI));
    await db.delete(raceDriverStandings).where(eq(raceDriverStandings.raceId, MIAMI));
    await db.delete(raceConstructorStandings).where(eq(raceConstructorStandings.raceId, MIAMI));
    const drivers = await at<Driver[]>(AFTER_SPRINT, '/api/drivers?season=2025');
    expect(drivers.every((driver) => !driver.provisional)).toBe(true);
    expect(drivers[0]).toMatchObject({ _id: 'oscar-piastri', puncte: 99 });
  });

  it('shows the sprint stored from live timing at once, marked provisional, with the standings after it', async () => {
    const outcome = await storeClassification({ db: t.database.db }, { raceId: MIAMI, session: 'SPRINT' }, fromF1db('sprint-race-results.yml', 'miami/sprint'));
    expect(outcome.status).toBe('stored');

    const meeting = await at<MeetingDetailResponse>(AFTER_SPRINT, '/api/seasons/2025/meetings/miami-grand-prix');
    expect(meeting.results.provisional).toEqual(['SPRINT']);
    expect(meeting.results.sprint.slice(0, 3).map((row) => [row.positionText, row.driverCode, row.points])).toEqual([
      ['1', 'NOR', 8],
      ['2', 'PIA', 7],
      ['3', 'HAM', 6],
    ]);

    // After round 5 (Piastri 99) and the provisional sprint (7).
    const drivers = await at<Driver[]>(AFTER_SPRINT, '/api/drivers?season=2025');
    expect(drivers[0]).toMatchObject({ _id: 'oscar-piastri', puncte: 106, pozitie: 1, provisional: true });
    const teams = await at<Team[]>(AFTER_SPRINT, '/api/teams?season=2025');
    expect(teams[0]).toMatchObject({ _id: 'mclaren', provisional: true });
    const [norris] = await at<DriverDetail[]>(AFTER_SPRINT, '/api/drivers/NOR?season=2025');
    expect(norris!.results.at(-1)).toMatchObject({ round: 6, sprintPositionText: '1', sprintPoints: 8, positionText: null, provisional: true });
    expect(norris!.results.at(-2)).toMatchObject({ round: 5, provisional: false });

    const sprint = await at<{ MRData: { RaceTable: { Races: { provisional?: true }[] } } }>(AFTER_SPRINT, '/api/ergast/f1/2025/6/sprint.json');
    expect(sprint.MRData.RaceTable.Races[0]!.provisional).toBe(true);
    const official = await at<{ MRData: { RaceTable: { Races: object[] } } }>(AFTER_SPRINT, '/api/ergast/f1/2025/5/results.json');
    expect(official.MRData.RaceTable.Races[0]).not.toHaveProperty('provisional');
    // Ergast's standings are read after a race: still round 5, official.
    const standings = await at<ErgastStandings>(AFTER_SPRINT, '/api/ergast/f1/2025/driverStandings.json');
    expect(standings.MRData.StandingsTable.StandingsLists[0]).toEqual(expect.not.objectContaining({ provisional: true }));
    expect(standings.MRData.StandingsTable.StandingsLists[0]!.round).toBe('5');

    const fight = await at<TitleFightResponse>(AFTER_SPRINT, '/api/title-fight?season=2025');
    expect(fight.provisional).toBe(true);
  });

  it('opens the vote on a provisional race classification, and marks the home podium', async () => {
    const before = await at<VoteStateResponse>(AFTER_RACE, '/api/vote');
    expect(before.window.status).toBe('pending');

    await storeClassification({ db: t.database.db }, { raceId: MIAMI, session: 'RACE' }, fromF1db('race-results.yml', 'miami/race'));
    const vote = await at<VoteStateResponse>(AFTER_RACE, '/api/vote');
    expect(vote.window.status).toBe('open');
    expect(vote.candidates.provisional).toBe(true);
    expect(vote.candidates.bestPointScorer[0]).toMatchObject({ driverId: 'oscar-piastri', points: 25 });

    const summary = await at<LastRaceSummary>(AFTER_RACE, `/api/season-results/homepage/2025/${MIAMI}_miami-grand-prix`);
    expect(summary.provisional).toBe(true);
    expect(summary.topDriverResults[0]).toMatchObject({ driverLastName: 'Piastri', racePoints: 25 });
    const drivers = await at<Driver[]>(AFTER_RACE, '/api/drivers?season=2025');
    expect(drivers[0]).toMatchObject({ _id: 'oscar-piastri', puncte: 131, provisional: true });
    const standings = await at<ErgastStandings>(AFTER_RACE, '/api/ergast/f1/2025/driverStandings.json');
    expect(standings.MRData.StandingsTable.StandingsLists[0]).toMatchObject({ round: '6', provisional: true });
  });

  it('shows no mark once F1DB holds the results', async () => {
    const { db } = t.database;
    await db.update(raceResults).set({ source: 'F1DB' }).where(and(eq(raceResults.raceId, MIAMI), inArray(raceResults.session, ['RACE', 'SPRINT'])));
    await db.update(raceDriverStandings).set({ source: 'F1DB' }).where(eq(raceDriverStandings.raceId, MIAMI));
    await db.update(raceConstructorStandings).set({ source: 'F1DB' }).where(eq(raceConstructorStandings.raceId, MIAMI));
    // A direct write moves no data version: an import would. Read a minute later, when the clock's answers are new.
    const meeting = await at<MeetingDetailResponse>('2025-05-04T23:01:00Z', '/api/seasons/2025/meetings/miami-grand-prix');
    expect(meeting.results.provisional).toEqual([]);
  });
});
