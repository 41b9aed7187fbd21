import { TOO_SOON_MESSAGE } from '@slipstream/contract';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { lastMeetingQuery } from '../../lib/queries';
import { json, mockApi } from '../../test/api';
import { austrianGrandPrix, austrianSummary, britishGrandPrix } from './home.fixtures';
import { eventTrackerQuery, lastRaceSummaryQuery, prefetchHomeData } from './queries';

const SUMMARY_PATH = '/api/season-results/homepage/2025/1136_austrian-grand-prix';

describe('the home page data started with the app', () => {
  it('holds the hero meeting, the last meeting and its podiums before the screen asks', async () => {
    mockApi({
      '/api/event-tracker': () => json({ data: [britishGrandPrix] }),
      '/api/get-last': () => json(austrianGrandPrix),
      [SUMMARY_PATH]: () => json(austrianSummary),
    });
    const queryClient = createQueryClient();
    await prefetchHomeData(queryClient);
    expect(queryClient.getQueryData(lastRaceSummaryQuery(austrianGrandPrix.latestResults.race).queryKey)).toEqual(austrianSummary);
    expect(queryClient.getQueryData(eventTrackerQuery.queryKey)).toEqual({ data: [britishGrandPrix] });
    expect(queryClient.getQueryData(lastMeetingQuery.queryKey)).toEqual(austrianGrandPrix);
  });

  it('asks for no podiums when no meeting has finished yet', async () => {
    const fetchMock = mockApi({ '/api/get-last': () => json({ message: TOO_SOON_MESSAGE }), '/api/event-tracker': () => json({ data: [] }) });
    const queryClient = createQueryClient();
    await prefetchHomeData(queryClient);
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(paths.sort()).toEqual(['/api/event-tracker', '/api/get-last']);
  });
});
