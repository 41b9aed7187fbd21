import { hydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { endpointUrl } from '@slipstream/contract/endpoints';
import { preparePage, type PageRequest } from './entry-server';
import { driversQuery } from './features/standings/queries';
import { driver, team } from './features/standings/standings.fixtures';
import { metaQuery } from './lib/queries';
import { mockApi } from './test/api';
import { britishGrandPrixNext } from './test/britishGrandPrix';

/** The server's preparation of a page: its first reads from the server's answers, and its rendering. */

const now = Date.parse('2025-07-05T12:00:00Z');
const visitor = { darkMode: false, timeZone: 'UTC' };
const meta = { featuredSeason: 2025, dataVersion: null };
const next = britishGrandPrixNext;
const shellAnswers = { '/api/meta': meta, '/api/get-next': next };
const norris = driver({ _id: 'lando-norris', primulNume: 'Lando', alDoileaNume: 'Norris' });
const williams = team({ _id: 'williams', name: 'Williams' });

/**
 * The server's answers by endpoint URL, as its in-process reader gives them: each read a value of its own, or
 * nothing for what a page may not carry.
 */
function serverAnswers(answers: Record<string, unknown>): PageRequest['readEndpoint'] & { asked: string[] } {
  const asked: string[] = [];
  const readEndpoint: PageRequest['readEndpoint'] = async (name, params, query) => {
    const url = endpointUrl(name, params as never, query);
    asked.push(url);
    return url in answers ? structuredClone(answers[url]) : undefined;
  };
  return Object.assign(readEndpoint, { asked });
}

describe('preparePage', () => {
  it('renders a page from the server’s answers, without a request to the network', async () => {
    const requests = mockApi({});
    const page = await preparePage({ url: '/drivers', now, readEndpoint: serverAnswers({ ...shellAnswers, '/api/drivers?order=asc': [norris] }) });
    const html = page.render!(visitor);
    expect(html).toContain('Formula 1 Driver Standings 2025 Season');
    expect(html).toContain('Norris');
    expect(html).not.toContain('<!--$!');
    expect(requests).not.toHaveBeenCalled();
  });

  it('sends the reads it rendered from as a dehydrated state naming each answer’s API path', async () => {
    mockApi({});
    const { state } = await preparePage({ url: '/drivers', now, readEndpoint: serverAnswers({ ...shellAnswers, '/api/drivers?order=asc': [norris] }) });
    const sent = JSON.parse(JSON.stringify(state)) as typeof state;
    expect(Object.fromEntries(sent.queries.map((query) => [query.meta?.apiPath, query.state.data]))).toEqual({
      ...shellAnswers,
      '/api/drivers?order=asc': [norris],
    });
    const browser = new QueryClient();
    hydrate(browser, sent);
    expect(browser.getQueryData(driversQuery.queryKey)).toEqual([norris]);
    expect(browser.getQueryData(metaQuery.queryKey)).toEqual(meta);
  });

  it('renders what the page may not carry as loading, and leaves it out of the state for the browser to read', async () => {
    mockApi({});
    const page = await preparePage({ url: '/drivers', now, readEndpoint: serverAnswers(shellAnswers) });
    const html = page.render!(visitor);
    expect(html).toContain('Formula 1 Driver Standings 2025 Season');
    expect(html).toContain('aria-label="Loading the driver standings"');
    expect(html).not.toMatch(/could not be loaded/i);
    expect(page.state.queries.map((query) => query.meta?.apiPath).sort()).toEqual(['/api/get-next', '/api/meta']);
  });

  it('prepares pages asked for at once each from its own answers', async () => {
    mockApi({});
    const [drivers, teams] = await Promise.all([
      preparePage({ url: '/drivers', now, readEndpoint: serverAnswers({ ...shellAnswers, '/api/drivers?order=asc': [norris] }) }),
      preparePage({ url: '/teams', now, readEndpoint: serverAnswers({ ...shellAnswers, '/api/teams': [williams] }) }),
    ]);
    expect(drivers.render!(visitor)).toContain('Norris');
    expect(drivers.render!(visitor)).not.toContain('Williams');
    expect(teams.render!(visitor)).toContain('Williams');
    expect(teams.render!(visitor)).not.toContain('Norris');
  });

  it('reads the navbar’s answers but renders nothing for a page without first reads of its own', async () => {
    mockApi({});
    const readEndpoint = serverAnswers(shellAnswers);
    const page = await preparePage({ url: '/info', now, readEndpoint });
    expect(page.render).toBeUndefined();
    expect(readEndpoint.asked).toEqual(['/api/meta', '/api/get-next']);
    expect(page.state.queries).toHaveLength(2);
  });

});
