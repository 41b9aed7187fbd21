import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErgastLapsResponse, ErgastPitStopsResponse } from '@slipstream/contract';
import { useF1TestApp } from '../../../test/f1-app';
import { startArchiveStandIn, type ArchiveStandIn } from '../../../test/livetimingArchive';
import { recordedGrandPrix, storeRecordedTiming } from '../../../test/recorded-sessions';

/** Ergast's laps, and the pit stops' time of day, from the timing of the recorded 2018 Azerbaijan Grand Prix. */
const t = useF1TestApp();
let archive: ArchiveStandIn;

beforeAll(async () => {
  await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: '2026-11-25T12:00:00Z' } });
  archive = await startArchiveStandIn();
  await storeRecordedTiming(t.database.db, archive.url, recordedGrandPrix);
});
afterAll(() => archive.close());

async function json<T>(path: string): Promise<T> {
  const response = await t.app.inject(`/api/ergast/f1/${path}`);
  expect(response.statusCode, `${path}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.json() as T;
}

/** Every lap of the race, read a page (at most 100 timings) at a time, the pages joined as a client does. */
async function allLaps(): Promise<{ total: number; laps: ErgastLapsResponse['MRData']['RaceTable']['Races'][number]['Laps'] }> {
  const laps: ErgastLapsResponse['MRData']['RaceTable']['Races'][number]['Laps'] = [];
  for (let offset = 0; ; offset += 100) {
    const { MRData } = await json<ErgastLapsResponse>(`2018/4/laps.json?limit=100&offset=${offset}`);
    for (const lap of MRData.RaceTable.Races[0]?.Laps ?? []) {
      if (laps.at(-1)?.number === lap.number) laps.at(-1)!.Timings.push(...lap.Timings);
      else laps.push(lap);
    }
    if (offset + 100 >= Number(MRData.total)) return { total: Number(MRData.total), laps };
  }
}

describe('laps', () => {
  it('gives every lap of a race with its timings in order of position', async () => {
    const { MRData } = await json<ErgastLapsResponse>('2018/4/laps.json');
    expect(MRData.RaceTable.Races[0]).toMatchObject({ season: '2018', round: '4', raceName: 'Azerbaijan Grand Prix' });
    const { total, laps } = await allLaps();
    expect(total).toBe(laps.reduce((sum, lap) => sum + lap.Timings.length, 0));
    expect(laps.at(-1)!.number).toBe('51');
    for (const lap of laps) {
      expect(lap.Timings.map((timing) => timing.position)).toEqual(lap.Timings.map((_, index) => String(index + 1)));
      for (const timing of lap.Timings) expect(timing.time).toMatch(/^\d+:\d\d\.\d{3}$/);
    }
    const winnerLast = laps.at(-1)!.Timings[0]!;
    expect(winnerLast.driverId).toBe('hamilton');
  });

  it('narrows to one lap, one driver, and pages through the timings', async () => {
    const lapTen = await json<ErgastLapsResponse>('2018/4/laps/10.json');
    expect(lapTen.MRData.RaceTable.lap).toBe('10');
    expect(lapTen.MRData.RaceTable.Races[0]!.Laps.map((lap) => lap.number)).toEqual(['10']);
    expect(lapTen.MRData.RaceTable.Races[0]!.Laps[0]!.Timings.find((timing) => timing.driverId === 'hamilton')?.time).toBe('1:47.192');

    const hamilton = await json<ErgastLapsResponse>('2018/4/drivers/lewis-hamilton/laps.json?limit=100');
    expect(hamilton.MRData.RaceTable.driverId).toBe('hamilton');
    const laps = hamilton.MRData.RaceTable.Races[0]!.Laps;
    expect(laps.every((lap) => lap.Timings.length === 1 && lap.Timings[0]!.driverId === 'hamilton')).toBe(true);
    expect(laps.find((lap) => lap.number === '22')!.Timings[0]!.time).toBe('1:55.171');

    const all = await allLaps();
    const flat = all.laps.flatMap((lap) => lap.Timings.map((timing) => [lap.number, timing.driverId]));
    const page = await json<ErgastLapsResponse>('2018/4/laps.json?limit=5&offset=18');
    expect(page.MRData).toMatchObject({ limit: '5', offset: '18', total: String(all.total) });
    expect(page.MRData.RaceTable.Races[0]!.Laps.flatMap((lap) => lap.Timings.map((timing) => [lap.number, timing.driverId]))).toEqual(flat.slice(18, 23));
  });

  it('needs a season and a round, and answers an empty list for a race without timing', async () => {
    const response = await t.app.inject('/api/ergast/f1/2018/laps.json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: "Bad Request: Missing one of the required parameters ['season', 'round']." });
    const none = await json<ErgastLapsResponse>('2018/5/laps.json');
    expect(none.MRData).toMatchObject({ total: '0', RaceTable: { Races: [] } });
  });
});

describe('pit stops', () => {
  it('give the local time of day the car entered the pit lane where the archive has it', async () => {
    const { MRData } = await json<ErgastPitStopsResponse>('2018/4/drivers/lewis-hamilton/pitstops.json');
    expect(MRData.RaceTable.Races[0]!.PitStops).toEqual([
      { driverId: 'hamilton', lap: '22', stop: '1', time: expect.stringMatching(/^16:58:\d\d$/), duration: '20.377' },
      { driverId: 'hamilton', lap: '40', stop: '2', time: expect.stringMatching(/^17:30:\d\d$/), duration: '21.329' },
    ]);
    const older = await json<ErgastPitStopsResponse>('2017/4/pitstops.json');
    expect(older.MRData.RaceTable.Races[0]!.PitStops.every((stop) => stop.time === undefined)).toBe(true);
  });
});
