import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawPage } from './entry-server';
import { driver, team } from './features/standings/testData';
import { mockApi } from './test/api';

/** The server's drawing of the pages visitors land on (issue 10), from the answers the page is sent with. */

const now = Date.parse('2025-07-05T12:00:00Z');
const visitor = { darkMode: false, timeZone: 'UTC' };
const shellAnswers = { '/api/meta': { featuredSeason: 2025, dataVersion: null }, '/api/get-next': { message: 'No upcoming meeting in 2025' } };
const norris = driver({ _id: 'lando-norris', primulNume: 'Lando', alDoileaNume: 'Norris' });
const williams = team({ _id: 'williams', name: 'Williams' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('drawPage', () => {
  it('draws a page from the answers it is given, without a request', async () => {
    const requests = mockApi({});
    const html = await drawPage({ url: '/drivers', answers: { ...shellAnswers, '/api/drivers?order=asc': [norris] }, now, visitor });
    expect(html).toContain('Formula 1 Driver Standings 2025 Season');
    expect(html).toContain('Norris');
    expect(html).not.toContain('<!--$!');
    expect(requests).not.toHaveBeenCalled();
  });

  it('draws what it was given no answer for as loading, for the browser to read', async () => {
    mockApi({});
    const html = await drawPage({ url: '/drivers', answers: shellAnswers, now, visitor });
    expect(html).toContain('Formula 1 Driver Standings 2025 Season');
    expect(html).toContain('aria-label="Loading the driver standings"');
    expect(html).not.toMatch(/could not be loaded/i);
  });

  it('draws pages asked for at once each from its own answers', async () => {
    mockApi({});
    const [drivers, teams] = await Promise.all([
      drawPage({ url: '/drivers', answers: { ...shellAnswers, '/api/drivers?order=asc': [norris] }, now, visitor }),
      drawPage({ url: '/teams', answers: { ...shellAnswers, '/api/teams': [williams] }, now, visitor }),
    ]);
    expect(drivers).toContain('Norris');
    expect(drivers).not.toContain('Williams');
    expect(teams).toContain('Williams');
    expect(teams).not.toContain('Norris');
  });
});
