import { sql } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver } from '@slipstream/contract';
import type { Database } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test/app';
import { SEED, openSeededDatabase, seedDrawing } from '../../test/f1-seed';

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openSeededDatabase();
  t = await buildTestApp({ now: '2025-03-24T12:00:00Z', database });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

const READS = [
  '/api/get-next',
  '/api/get-last',
  '/api/event-tracker',
  '/api/teams',
  '/api/drivers?order=asc',
  '/api/drivers/NOR',
  '/api/favourite-drivers/fans',
  `/api/season-results/homepage/2025/${SEED.china2025}_chinese-grand-prix`,
  '/api/seasons/2025/meetings',
  '/api/seasons/2025/meetings/chinese-grand-prix',
  '/api/circuits/shanghai-1.svg',
  '/api/flags/gb.svg',
  '/api/ergast/f1/2025.json?limit=100',
  '/api/ergast/f1/2025/2/qualifying.json?limit=100',
  '/api/ergast/f1/2025/2/results.json?limit=100',
  '/api/ergast/f1/2025/driverStandings.json',
  '/api/ergast/f1/current/last/constructorStandings.json',
];

describe('every read', () => {
  it.each(READS)('%s carries an ETag and Cache-Control and answers 304 to a matching If-None-Match', async (url) => {
    const first = await t.app.inject(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+(, s-maxage=\d+)?$/);
    const again = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is compressed for a client that accepts gzip', async () => {
    const response = await t.app.inject({ url: '/api/ergast/f1/2025/2/results.json?limit=100', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString()).MRData.total).toBe('10');
  });
});

describe('GET /api/circuits/:layoutId.svg', () => {
  it('serves the drawing of each variant as SVG with a long cache', async () => {
    const white = await t.app.inject('/api/circuits/shanghai-1.svg');
    expect(white.headers['content-type']).toBe('image/svg+xml');
    expect(white.headers['cache-control']).toBe('public, max-age=86400');
    expect(white.body).toBe(seedDrawing('shanghai-1', 'white'));
    const outline = await t.app.inject('/api/circuits/shanghai-1.svg?variant=black-outline');
    expect(outline.body).toBe(seedDrawing('shanghai-1', 'black-outline'));
  });

  it('answers 404 for an unknown layout and 400 for an unknown variant', async () => {
    const missing = await t.app.inject('/api/circuits/monaco-9.svg');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No circuit layout monaco-9' });
    const bad = await t.app.inject('/api/circuits/shanghai-1.svg?variant=red');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Invalid variant/);
  });
});

describe('GET /api/flags/:code.svg', () => {
  it('serves the flag of a country code from the flag package', async () => {
    const response = await t.app.inject('/api/flags/nl.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toMatch(/^<svg [^>]*viewBox="0 0 513 342"/);
    expect((await t.app.inject('/api/flags/NL.svg')).body).toBe(response.body);
  });

  it('answers 404 for a code without a flag and 400 for a malformed code', async () => {
    const missing = await t.app.inject('/api/flags/zz.svg');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No flag for country code zz' });
    const bad = await t.app.inject('/api/flags/gbr.svg');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Invalid code/);
  });
});

describe('the answer cache', () => {
  it('shows a write made outside a transaction on the next read', async () => {
    const lastNameOfNorris = async () => ((await t.app.inject('/api/drivers?season=2025')).json() as Driver[]).find((d) => d._id === 'lando-norris')!.alDoileaNume;
    expect(await lastNameOfNorris()).toBe('Norris');
    await database.db.execute(sql`update drivers set last_name = 'Norris-Renamed' where id = 'lando-norris'`);
    try {
      expect(await lastNameOfNorris()).toBe('Norris-Renamed');
    } finally {
      await database.db.execute(sql`update drivers set last_name = 'Norris' where id = 'lando-norris'`);
    }
    expect(await lastNameOfNorris()).toBe('Norris');
  });

});
