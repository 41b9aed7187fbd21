import { describe, expect, it } from 'vitest';
import { trackSeasonResponse, type TrackSeasonResponse } from '@slipstream/contract';
import { useF1TestApp } from '../../../test/f1-app';
import { lapMillis } from './service';

const t = useF1TestApp();

async function trackAt(now: string, season: number): Promise<TrackSeasonResponse> {
  await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now } });
  const response = await t.app.inject(`/api/track/${season}`);
  expect(response.statusCode).toBe(200);
  return trackSeasonResponse.parse(response.json());
}

describe('the track visualiser season', () => {
  it('lists every circuit of 2025 in round order, each with its drawing', async () => {
    const track = await trackAt('2025-07-05T12:00:00Z', 2025);
    expect(track.season).toBe(2025);
    expect(track.circuits).toHaveLength(24);
    expect(track.circuits[0]).toMatchObject({ key: 'melbourne', races: [{ round: 1, meetingName: 'Australian Grand Prix' }] });
    expect(track.circuits.map((c) => c.races[0]!.round)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(track.seasons[0]).toBeGreaterThanOrEqual(2025);
    expect(track.seasons.at(-1)).toBe(1950);
  });

  it('gives Silverstone its facts, first grand prix, last winners by the clock and its race lap record', async () => {
    const silverstone = (await trackAt('2025-07-05T12:00:00Z', 2025)).circuits.find((c) => c.key === 'silverstone')!;
    expect(silverstone).toMatchObject({
      circuitId: 'silverstone',
      layoutId: 'silverstone-8',
      fullName: 'Silverstone Circuit',
      countryName: 'United Kingdom',
      races: [{ round: 12, meetingName: 'British Grand Prix', slug: 'british-grand-prix', date: '2025-07-06' }],
      facts: { type: 'RACE', direction: 'CLOCKWISE', length: 5.891, turns: 18, laps: 52, distance: 306.198 },
      firstGrandPrix: { season: 1950, meetingName: 'British Grand Prix' },
      lapRecord: { time: '1:27.097', driverName: 'Max Verstappen', season: 2020, meetingName: 'British Grand Prix' },
    });
    // The 2025 race runs the day after the clock: not a winner yet.
    expect(silverstone.lastWinners.map((w) => `${w.season} ${w.driverName}`)).toEqual([
      '2024 Lewis Hamilton',
      '2023 Max Verstappen',
      '2022 Carlos Sainz Jr.',
      '2021 Lewis Hamilton',
      '2020 Max Verstappen',
    ]);
    expect(silverstone.lastWinners[4]).toMatchObject({ meetingName: '70th Anniversary Grand Prix', slug: '70th-anniversary-grand-prix' });
  });

  it('counts a race once it has finished by the clock', async () => {
    const after = (await trackAt('2025-07-07T12:00:00Z', 2025)).circuits.find((c) => c.key === 'silverstone')!;
    expect(after.lastWinners[0]).toMatchObject({ season: 2025, driverName: 'Lando Norris', teamName: 'McLaren' });
    expect(after.lastWinners).toHaveLength(5);

    const before2020 = (await trackAt('2020-07-01T12:00:00Z', 2019)).circuits.find((c) => c.key === 'silverstone')!;
    expect(before2020.lapRecord).toMatchObject({ time: '1:27.369', driverName: 'Lewis Hamilton', season: 2019 });
  });

  it('draws the layout raced that season, and keys two layouts of one circuit apart', async () => {
    const track2020 = await trackAt('2025-07-05T12:00:00Z', 2020);
    const silverstone = track2020.circuits.filter((c) => c.circuitId === 'silverstone');
    expect(silverstone).toHaveLength(1);
    expect(silverstone[0]!.races.map((r) => r.meetingName)).toEqual(['British Grand Prix', '70th Anniversary Grand Prix']);
    expect(track2020.circuits.filter((c) => c.circuitId === 'bahrain').map((c) => c.key)).toEqual(['bahrain-1', 'bahrain-3']);

    const track1990 = await trackAt('2025-07-05T12:00:00Z', 1990);
    expect(track1990.circuits.find((c) => c.key === 'silverstone')).toMatchObject({ layoutId: 'silverstone-3', facts: { turns: 9 } });
  });

  it('answers 404 for a season not in the data and 400 for a bad one', async () => {
    const missing = await t.app.inject('/api/track/2099');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No F1 season 2099 in the data');
    const bad = await t.app.inject('/api/track/soon');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Invalid year/);
  });
});

describe('lap times', () => {
  it('reads both of F1DB’s forms, and nothing else', () => {
    expect(lapMillis('1:27.097')).toBe(87_097);
    expect(lapMillis('57.392')).toBe(57_392);
    expect(lapMillis('10:02.5')).toBe(602_500);
    expect(lapMillis('DNF')).toBeNull();
  });
});
