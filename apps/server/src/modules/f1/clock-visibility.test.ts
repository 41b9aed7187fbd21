import { describe, expect, it } from 'vitest';
import type { Driver, MeetingDetailResponse } from '@slipstream/contract';
import { useSeededDatabase } from '../../test/f1-seed';

/**
 * The racing clock decides what is known: with the clock pinned before a session ends, its classification
 * (and the standings after it) stay hidden even though the data holds them.
 */
const seeded = useSeededDatabase();

// The 2025 Chinese Grand Prix starts at 07:00 UTC on 23 March and counts as finished two hours later.
const DURING_CHINA_RACE = '2025-03-23T08:59:00Z';
const AFTER_CHINA_RACE = '2025-03-23T09:00:00Z';
const get = (url: string, now: string) => seeded.requestAt(now, url);

describe('results known by the racing clock', () => {
  it('reads the standings after the latest race finished by the clock', async () => {
    const during = (await get('/api/drivers?order=asc', DURING_CHINA_RACE)).json() as Driver[];
    const after = (await get('/api/drivers?order=asc', AFTER_CHINA_RACE)).json() as Driver[];
    const leader = (drivers: Driver[]) => drivers.find((d) => d.pozitie === 1);
    expect(leader(during)?.puncte).toBeLessThan(leader(after)?.puncte ?? 0);
    const ergastDuring = (await get('/api/ergast/f1/2025/driverStandings.json', DURING_CHINA_RACE)).json();
    expect(ergastDuring.MRData.StandingsTable.round).toBe('1');
  });

  it('shows a meeting’s sprint once run but its race only once finished', async () => {
    const during = (await get('/api/seasons/2025/meetings/chinese-grand-prix', DURING_CHINA_RACE)).json() as MeetingDetailResponse;
    expect(during.results.sprint.length).toBeGreaterThan(0);
    expect(during.results.race).toEqual([]);
    expect(during.results.fastestLap).toBeNull();
    const after = (await get('/api/seasons/2025/meetings/chinese-grand-prix', AFTER_CHINA_RACE)).json() as MeetingDetailResponse;
    expect(after.results.race.length).toBeGreaterThan(0);
  });

  it('answers an Ergast round with no results until its race has finished', async () => {
    const during = (await get('/api/ergast/f1/2025/2/results.json', DURING_CHINA_RACE)).json();
    expect(during.MRData.total).toBe('0');
    expect((await get('/api/ergast/f1/2025/2/driverStandings.json', DURING_CHINA_RACE)).json().MRData.StandingsTable.StandingsLists).toEqual([]);
    const after = (await get('/api/ergast/f1/2025/2/results.json', AFTER_CHINA_RACE)).json();
    expect(Number(after.MRData.total)).toBeGreaterThan(0);
  });
});
