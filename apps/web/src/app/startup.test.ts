import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  await settledWithoutNetwork(startLandingReads(client, pathname));
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
});
