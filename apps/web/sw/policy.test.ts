import { describe, expect, it } from 'vitest';
import { handlingOf, isKeptAsset, isOfflineData, overLimit, pageAnswers, precacheList, type RequestSeen } from './policy';

const origin = 'https://slipstream.example';
const get = (path: string, more: Partial<RequestSeen> = {}): RequestSeen => ({
  method: 'GET',
  url: `${origin}${path}`,
  mode: 'cors',
  hasAuthorization: false,
  ...more,
});

describe('what the worker stores when it installs', () => {
  it('is the app shell and the code of the screens that open offline unvisited', () => {
    const shell = ['/index.html', '/boot.js', '/assets/index-1.js', '/assets/lib-1.js'];
    const screens = {
      'src/features/home/HomePage.tsx': ['/assets/HomePage-1.js', '/assets/lib-1.js'],
      'src/features/standings/DriversPage.tsx': ['/assets/DriversPage-1.js', '/assets/DriversPage-1.css'],
      'src/features/vote/VotePage.tsx': ['/assets/VotePage-1.js'],
    };
    expect(precacheList({ version: '1', shell, screens })).toEqual([...shell, '/assets/HomePage-1.js', '/assets/DriversPage-1.js', '/assets/DriversPage-1.css']);
  });
});

describe('how the worker answers a request', () => {
  it('answers pages from the network with the shell as the offline fallback', () => {
    expect(handlingOf(get('/drivers', { mode: 'navigate' }), origin)).toBe('page');
    expect(handlingOf(get('/admin', { mode: 'navigate' }), origin)).toBe('page');
  });

  it('keeps the public answers of the screens that work offline, and the shell’s', () => {
    for (const path of ['/api/meta', '/api/time', '/api/get-next', '/api/drivers?order=asc', '/api/drivers/VER', '/api/teams', '/api/event-tracker',
      '/api/seasons/2025/meetings', '/api/ergast/f1/2024/2/results.json?limit=100', '/api/flags/gb.svg', '/api/circuits/silverstone.svg',
      '/api/news/official', '/api/stiri-rf', '/api/history', '/api/track/2025', '/api/season-results/homepage/2025/1_x']) {
      expect(handlingOf(get(path), origin), path).toBe('data');
    }
  });

  it('leaves to the network what must be fresh or is personal: accounts, votes, live, admin, anything signed', () => {
    for (const path of ['/api/auth/refresh', '/api/vote', '/api/vote-results/1', '/api/live/events', '/api/admin/status', '/api/profile/x', '/api/compare']) {
      expect(handlingOf(get(path), origin), path).toBe('network');
    }
    expect(handlingOf(get('/api/drivers', { hasAuthorization: true }), origin)).toBe('network');
    expect(handlingOf(get('/api/drivers', { method: 'POST' }), origin)).toBe('network');
    expect(handlingOf(get('/api/drivers', { url: 'https://elsewhere.example/api/drivers' }), origin)).toBe('network');
  });

  it('answers the app’s files from the cache first, and keeps hashed chunks as they are visited', () => {
    expect(handlingOf(get('/assets/HomePage-abc.js'), origin)).toBe('file');
    expect(handlingOf(get('/boot.js'), origin)).toBe('file');
    expect(isKeptAsset('/assets/HomePage-abc.js')).toBe(true);
    expect(isKeptAsset('/manifest.webmanifest')).toBe(false);
  });

  it('matches offline data by the path alone', () => {
    expect(isOfflineData('/api/drivers')).toBe(true);
    expect(isOfflineData('/api/drivers/VER/more')).toBe(false);
    expect(isOfflineData('/api/votes/mine')).toBe(false);
  });
});

describe('the answers a page arrived with', () => {
  const state = {
    mutations: [],
    queries: [
      { queryKey: ['meta'], meta: { apiPath: '/api/meta' }, state: { data: { featuredSeason: 2025 } } },
      { queryKey: ['standings', 'drivers'], meta: { apiPath: '/api/drivers?order=asc' }, state: { data: [{ code: 'NOR' }] } },
      { queryKey: ['vote'], meta: { apiPath: '/api/vote' }, state: { data: { open: true } } },
      { queryKey: ['unnamed'], state: { data: 1 } },
    ],
  };
  const page = (json: string) => `<html><head><script type="application/json" id="page-state">${json}</script></head><body></body></html>`;

  it('are each public answer of its state that works offline, by API path', () => {
    expect(pageAnswers(page(JSON.stringify(state)))).toEqual([
      ['/api/meta', { featuredSeason: 2025 }],
      ['/api/drivers?order=asc', [{ code: 'NOR' }]],
    ]);
  });

  it('are none for a page without a state, or with one that cannot be read', () => {
    expect(pageAnswers('<html><body><div id="app"></div></body></html>')).toEqual([]);
    expect(pageAnswers(page('{"queries": ['))).toEqual([]);
  });
});

describe('trimming a cache', () => {
  it('drops the entries stored longest ago, down to the limit', () => {
    expect(overLimit(['a', 'b', 'c', 'd'], 2)).toEqual(['a', 'b']);
    expect(overLimit(['a', 'b'], 2)).toEqual([]);
    expect(overLimit([], 2)).toEqual([]);
  });
});
