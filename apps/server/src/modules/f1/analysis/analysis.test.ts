import { beforeAll, describe, expect, it } from 'vitest';
import { sessionAnalysis, type SessionAnalysis } from '@slipstream/contract';
import { useF1TestApp } from '../../../test/f1-app';
import { startArchiveStandIn } from '../../../test/livetimingArchive';
import { readF1db, recordedGrandPrix, recordedSessions, storeRecordedTiming } from '../../../test/recorded-sessions';

/** The meeting page's analysis of the recorded 2018 Azerbaijan Grand Prix, against F1DB's facts of that race. */
const t = useF1TestApp();
const URL = '/api/seasons/2018/meetings/azerbaijan-grand-prix/analysis';

beforeAll(async () => {
  await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: '2026-11-25T12:00:00Z' } });
  const archive = await startArchiveStandIn();
  await storeRecordedTiming(t.database.db, archive.url, recordedGrandPrix);
  await storeRecordedTiming(t.database.db, archive.url, recordedSessions.find((session) => session.name.startsWith('2019 Italian Grand Prix, Qualifying'))!);
  await archive.close();
});

async function analysisOf(url: string): Promise<SessionAnalysis> {
  const response = await t.app.inject(url);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return sessionAnalysis.parse(response.json());
}

describe('GET /api/seasons/:year/meetings/:slug/analysis', () => {
  it('gives the race: every driver’s laps in finishing order, stints, pit stops and the safety car periods', async () => {
    const analysis = await analysisOf(URL);
    expect(analysis).toMatchObject({ season: 2018, round: 4, meetingName: 'Azerbaijan Grand Prix', sessions: ['RACE'], session: 'RACE' });
    const results = readF1db<{ driverId: string; laps: number; position: number | string }[]>('seasons', '2018', 'races', '04-azerbaijan', 'race-results.yml')!;
    const classified = results.filter((row) => typeof row.position === 'number').map((row) => row.driverId);
    // Magnussen's 10 s came after the flag: the laps show the order the cars crossed the line.
    const crossed = analysis.drivers.slice(0, classified.length).map((driver) => driver.driverId).filter((id) => id !== 'kevin-magnussen');
    expect(crossed).toEqual(classified.filter((id) => id !== 'kevin-magnussen'));
    for (const driver of analysis.drivers) {
      const f1db = results.find((row) => row.driverId === driver.driverId)!;
      expect(driver.laps.length, driver.driverId).toBe(f1db.laps);
      expect(driver.stints.reduce((sum, stint) => sum + stint.laps, 0), driver.driverId).toBe(f1db.laps);
      expect(driver.teamColour).toMatch(/^#[0-9A-F]{6}$/i);
    }
    const hamilton = analysis.drivers.find((driver) => driver.driverId === 'lewis-hamilton')!;
    expect(hamilton.pitVisits.map((visit) => [visit.inLap, visit.outLap])).toEqual([
      [22, 23],
      [40, 41],
    ]);
    expect(hamilton.pitVisits[0]!.timeOfDay).toMatch(/^16:58:\d\d$/);
    expect(hamilton.laps[21]).toMatchObject({ lap: 22, pitIn: true, timeMs: 115_171 });
    expect(analysis.trackStatus.map((period) => period.kind)).toContain('SAFETY_CAR');
    expect(analysis.trackStatus.every((period) => period.startLap <= period.endLap && period.endLap <= 51)).toBe(true);
    // The recording of this race has no WeatherData.
    expect(analysis.weather).toBeNull();
  });

  it('says which sessions have timing, refuses one that has none, and answers an empty analysis for a weekend without', async () => {
    const none = await t.app.inject(`${URL}?session=QUALIFYING`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/No timing of the qualifying of the 2018 Azerbaijan Grand Prix/);
    const bad = await t.app.inject(`${URL}?session=LUNCH`);
    expect(bad.statusCode).toBe(400);
    const other = await analysisOf('/api/seasons/2018/meetings/spanish-grand-prix/analysis');
    expect(other).toMatchObject({ sessions: [], session: null, drivers: [], trackStatus: [], weather: null });
  });

  it('gives a qualifying session with its weather, drivers by their best lap', async () => {
    const analysis = await analysisOf('/api/seasons/2019/meetings/italian-grand-prix/analysis');
    expect(analysis).toMatchObject({ sessions: ['QUALIFYING'], session: 'QUALIFYING', trackStatus: expect.any(Array) });
    // The recording's station read 22.0-23.9 °C air, 33.3-38.9 °C track, no rain.
    expect(analysis.weather).toEqual({ airTemp: { min: 22, max: 23.9 }, trackTemp: { min: 33.3, max: 38.9 }, rain: false });
    expect(analysis.drivers[0]!.driverId).toBe('charles-leclerc');
    expect(analysis.drivers.every((driver) => driver.laps.every((lap) => lap.position === null))).toBe(true);
  });

  it('keeps a session the racing clock has not seen finish', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: '2018-04-29T12:30:00Z' } });
    const during = await analysisOf(URL);
    expect(during).toMatchObject({ sessions: [], session: null });
    await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: '2026-11-25T12:00:00Z' } });
  });
});
