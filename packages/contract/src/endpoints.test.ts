import { describe, expect, it } from 'vitest';
import { ENDPOINT_SCHEMAS } from './endpoint-schemas';
import { endpointPath, endpointUrl, ENDPOINTS, type Endpoint, type EndpointName } from './endpoints';

const endpoints = Object.entries(ENDPOINTS) as [EndpointName, Endpoint][];

describe('the endpoint registry', () => {
  it('names each method and path once', () => {
    const routes = endpoints.map(([, { method, path }]) => `${method} ${path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('keeps for offline use only public reads', () => {
    for (const [name, endpoint] of endpoints.filter(([, endpoint]) => endpoint.offline)) {
      expect({ name, method: endpoint.method, auth: endpoint.auth }).toEqual({ name, method: 'GET', auth: undefined });
      expect(endpoint.cache, name).not.toBe('private');
    }
  });

  it('has an answer schema for every JSON read, and none for what is not JSON', () => {
    for (const [name, endpoint] of endpoints.filter(([, endpoint]) => endpoint.method === 'GET')) {
      expect('answer' in ENDPOINT_SCHEMAS[name], name).toBe(endpoint.format === undefined);
    }
  });

  it('fills path parameters as single segments, before a suffix too, and leaves undefined query values out', () => {
    expect(endpointPath('meeting', { year: 2025, slug: 'são paulo/x' })).toBe('/api/seasons/2025/meetings/s%C3%A3o%20paulo%2Fx');
    expect(endpointPath('flag', { code: 'gb' })).toBe('/api/flags/gb.svg');
    expect(endpointUrl('drivers', {}, { order: 'asc', season: undefined })).toBe('/api/drivers?order=asc');
    expect(endpointUrl('ergastRaceResults', { season: 2024, round: 2 }, { limit: 100 })).toBe('/api/ergast/f1/2024/2/results.json?limit=100');
  });
});
