import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ergastRace, ergastResult, racesAnswer, resultsAnswer } from '../features/results/testing';
import { driver } from '../features/standings/testData';
import { json, mockApi } from '../test/api';
import { servePage, removeServedPage } from '../test/servedPage';

const meta = { featuredSeason: 2025, dataVersion: null };
const next = { message: 'No upcoming meeting in 2025' };
const drivers = [driver({ _id: 'lando-norris', primulNume: 'Lando', alDoileaNume: 'Norris' })];

afterEach(() => {
  removeServedPage();
  vi.resetModules();
});

async function startAt(pathname: string) {
  const { startLandingReads, settledWithoutNetwork } = await import('./startup');
  const { driversQuery } = await import('../features/standings/queries');
  const { metaQuery } = await import('../lib/queries');
  const client = new QueryClient();
  await settledWithoutNetwork(startLandingReads(client, pathname, Date.parse('2025-07-05T12:00:00Z')));
  return { client, driversQuery, metaQuery };
}

describe('the landing page’s first reads', () => {
  it('are in the cache before the first render when the page came with their answers, without a request', async () => {
    servePage({ '/api/meta': meta, '/api/get-next': next, '/api/drivers?order=asc': drivers });
    const requests = mockApi({});
    const { client, driversQuery, metaQuery } = await startAt('/drivers');
    expect(client.getQueryData(driversQuery.queryKey)).toEqual(drivers);
    expect(client.getQueryData(metaQuery.queryKey)).toEqual(meta);
    expect(requests).not.toHaveBeenCalled();
  });

  it('do not hold the first render when they need the network', async () => {
    let answer!: () => void;
    const requests = mockApi({ '/api/drivers': () => new Promise((resolve) => (answer = () => resolve(json(drivers)))) });
    const { client, driversQuery } = await startAt('/drivers');
    expect(client.getQueryData(driversQuery.queryKey)).toBeUndefined();
    expect(requests.mock.calls.map(([url]) => String(url))).toContain('/api/drivers?order=asc');
    answer();
    await vi.waitFor(() => expect(client.getQueryData(driversQuery.queryKey)).toEqual(drivers));
  });

  it('of a past season’s race results take its last round as well, the round the page starts at', async () => {
    const rounds = [1, 2].map((round) => ergastRace(2024, { round, name: `Race ${round}`, country: 'Italy', date: `2024-0${round}-01` }));
    const lastRound = resultsAnswer(rounds[1]!, [ergastResult(1, { driver: ['Max', 'Verstappen'], team: 'Red Bull', points: '25', status: 'Finished' })]);
    servePage({
      '/api/meta': meta,
      '/api/get-next': next,
      '/api/ergast/f1/2024.json?limit=100': racesAnswer(2024, rounds),
      '/api/ergast/f1/2024/2/results.json?limit=100': lastRound,
    });
    const requests = mockApi({});
    const { client } = await startAt('/race-results/2024');
    const { raceResultsQuery } = await import('../features/results/queries');
    expect(client.getQueryData(raceResultsQuery(2024, 2).queryKey)).toEqual(lastRound);
    expect(requests).not.toHaveBeenCalled();
  });
});

describe('the first reads of a page drawn on the server', () => {
  const lastMeeting = {
    fomRaceId: 1170,
    race: { meetingName: 'Las Vegas Grand Prix', meetingCountryName: 'United States of America', meetingStartDate: '2026-11-20T00:30:00.000Z', meetingEndDate: '2026-11-22T06:00:00.000Z' },
    meetingContext: { season: 2026, nr_runda: 21, status: 'completed' },
    slug: 'las-vegas-grand-prix',
    latestResults: {
      race: { raceId: 1160, season: 2026, round: 11, meetingName: 'Hungarian Grand Prix', slug: 'hungarian-grand-prix', date: '2026-07-26' },
      racesMissing: 10,
    },
  };

  it('take the page’s answers alone, as the server drew it, and keep only what they answered', async () => {
    servePage({ '/api/meta': meta, '/api/get-next': next, '/api/event-tracker': { data: [] }, '/api/get-last': lastMeeting });
    // The podiums of the last meeting were not drawn: the network must not answer them before the page is taken over.
    const requests = mockApi({ '/api/last-race-summary': () => json({ topDriverResults: [], topTeamResults: [], posGained: [] }) });
    const { readAsDrawn } = await import('./startup');
    const { lastMeetingQuery } = await import('../lib/queries');
    const client = await readAsDrawn('/', Date.parse('2026-11-25T12:00:00Z'));
    expect(client.getQueryData(lastMeetingQuery.queryKey)).toEqual(lastMeeting);
    expect(client.getQueryCache().getAll().map((query) => query.queryKey[0])).not.toContain('last-race-summary');
    expect(client.getQueryCache().getAll().every((query) => query.state.status === 'success')).toBe(true);
    expect(requests).not.toHaveBeenCalled();
  });
});
