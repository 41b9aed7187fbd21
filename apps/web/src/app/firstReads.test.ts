import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { raceResultsQuery } from '../features/results/queries';
import { ergastRace, ergastResult, racesAnswer, resultsAnswer } from '../features/results/results.fixtures';
import { driversQuery } from '../features/standings/queries';
import { driver } from '../features/standings/standings.fixtures';
import { metaQuery, nextMeetingQuery } from '../lib/queries';
import { json, mockApi } from '../test/api';
import { britishGrandPrixNext } from '../test/britishGrandPrix';
import { britishGrandPrix } from '../features/home/home.fixtures';
import { hasFirstReads, settledWithoutNetwork, startFirstReads } from './firstReads';

const meta = { featuredSeason: 2025, dataVersion: null };
const next = britishGrandPrixNext;
const drivers = [driver({ _id: 'lando-norris', primulNume: 'Lando', alDoileaNume: 'Norris' })];
const now = Date.parse('2025-07-05T12:00:00Z');

async function startAt(pathname: string, client = new QueryClient()) {
  await settledWithoutNetwork(startFirstReads(client, pathname, now));
  return client;
}

describe('the first reads of the page at an address', () => {
  it('find the answers the page came with (its state, hydrated before) and ask the network for none', async () => {
    const requests = mockApi({});
    const client = new QueryClient();
    client.setQueryData(metaQuery.queryKey, meta);
    client.setQueryData(nextMeetingQuery.queryKey, next);
    client.setQueryData(driversQuery.queryKey, drivers);
    await startAt('/drivers', client);
    expect(client.getQueryData(driversQuery.queryKey)).toEqual(drivers);
    expect(requests).not.toHaveBeenCalled();
  });

  it('do not hold the first render when they need the network', async () => {
    let answer!: () => void;
    const requests = mockApi({ '/api/drivers': () => new Promise((resolve) => (answer = () => resolve(json(drivers)))) });
    const client = await startAt('/drivers');
    expect(client.getQueryData(driversQuery.queryKey)).toBeUndefined();
    expect(requests.mock.calls.map(([url]) => String(url))).toContain('/api/drivers?order=asc');
    answer();
    await vi.waitFor(() => expect(client.getQueryData(driversQuery.queryKey)).toEqual(drivers));
  });

  it('of a past season’s race results take its last round as well, the round the page starts at', async () => {
    const rounds = [1, 2].map((round) => ergastRace(2024, { round, name: `Race ${round}`, country: 'Italy', date: `2024-0${round}-01` }));
    const lastRound = resultsAnswer(rounds[1]!, [ergastResult(1, { driver: ['Max', 'Verstappen'], team: 'Red Bull', points: '25', status: 'Finished' })]);
    mockApi({
      '/api/meta': () => json(meta),
      '/api/ergast/f1/2024.json': () => json(racesAnswer(2024, rounds)),
      '/api/ergast/f1/2024/2/results.json': () => json(lastRound),
    });
    const client = new QueryClient();
    await startFirstReads(client, '/race-results/2024', now);
    expect(client.getQueryData(raceResultsQuery(2024, 2).queryKey)).toEqual(lastRound);
  });

  it('of home take the standings, and the meeting’s answer once one of its sessions has results', async () => {
    const withResults = { ...britishGrandPrix, meetingContext: { ...britishGrandPrix.meetingContext, timetables: britishGrandPrix.meetingContext.timetables.map((entry, index) => (index === 0 ? { ...entry, results: 'official' as const } : entry)) } };
    for (const [meeting, meetingRead] of [[britishGrandPrix, false], [withResults, true]] as const) {
      const requests = mockApi({ '/api/event-tracker': () => json({ data: [meeting] }) });
      await startFirstReads(new QueryClient(), '/', now);
      const urls = requests.mock.calls.map(([url]) => String(url));
      expect(urls).toEqual(expect.arrayContaining(['/api/event-tracker', '/api/drivers?order=asc', '/api/teams']));
      expect(urls.includes('/api/seasons/2025/meetings/british-grand-prix')).toBe(meetingRead);
    }
  });

  it('are the navbar’s alone on a page without reads of its own, which the server does not render', async () => {
    const requests = mockApi({});
    await startFirstReads(new QueryClient(), '/info', now);
    expect(requests.mock.calls.map(([url]) => String(url)).sort()).toEqual(['/api/get-next', '/api/meta']);
    expect(hasFirstReads('/info')).toBe(false);
    expect(hasFirstReads('/schedule/2025/british-grand-prix')).toBe(true);
    expect(hasFirstReads('/race-results')).toBe(true);
  });
});
