import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaySession } from '@slipstream/contract/live-timing';
import { createArchiveClient } from '../../../ingest/livetiming';
import { DEFAULT_LAST_GOOD_BYTES, DEFAULT_REPLAY_CACHE_BYTES, DEFAULT_REPLAY_MAX_BYTES, MB, PREPARED_BYTES } from '../../../lib/cache/budgets';
import type { Database } from '../../../db/client';
import { buildTestApp, type TestApp } from '../../../test/app';
import { openTestDatabase } from '../../../test/database';
import { recordedArchiveDir, startArchiveStandIn, type ArchiveStandIn } from '../../../test/livetimingArchive';
import { replayPreparer } from './replay';
import { replayStore, type ReplayStore } from './replay-store';

// SAME_ON_EVERY_DATABASE: replays are read from the archive stand-in, not the database (scripts/database-tests.mjs).

/** A real-size session (2.2 MB of files); the flood asks for it under as many distinct folders. */
const MEETING = '2025-05-04_Miami_Grand_Prix';
const SESSION = '2025-05-03_Sprint/';
const FLOOD = 1000;
/** Requests in flight at once during the flood: more than the store prepares or queues, so some wait and some are refused. */
const AT_ONCE = 24;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

describe('replays under a flood of distinct sessions', () => {
  let root: string;
  let standIn: ArchiveStandIn;
  let store: ReplayStore;
  let test: TestApp;
  let database: Database;

  beforeAll(async () => {
    // An archive whose 2025 folder holds the one recorded meeting under FLOOD other names (links, not copies).
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-replay-flood-'));
    fs.mkdirSync(path.join(root, '2025'));
    const meeting = path.join(recordedArchiveDir, '2025', MEETING);
    fs.symlinkSync(meeting, path.join(root, '2025', MEETING));
    for (let i = 0; i < FLOOD; i += 1) fs.symlinkSync(meeting, path.join(root, '2025', `Flood_${i}`));
    standIn = await startArchiveStandIn({ root });
    database = await openTestDatabase();
    // The store the app makes by default, kept here to read its byte accounting.
    store = replayStore({
      maxBytes: DEFAULT_REPLAY_CACHE_BYTES,
      prepare: replayPreparer({ client: createArchiveClient({ baseUrl: standIn.url }), db: database.db, maxBytes: DEFAULT_REPLAY_MAX_BYTES }),
    });
    test = await buildTestApp({ database, config: { liveTimingUrl: standIn.url }, replays: store });
  });
  afterAll(async () => {
    await test?.close();
    await database?.close();
    await standIn?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const ask = (ref: string) => test.app.inject({ method: 'GET', url: `/api/live/replays/session?ref=${encodeURIComponent(ref)}` });

  it(`answers ${FLOOD} distinct real-size replays with the kept ones within their byte budget and the heap flat`, async () => {
    const first = await ask(`2025/${MEETING}/${SESSION}`);
    expect(first.statusCode).toBe(200);
    expect(first.body.length).toBeGreaterThan(2 * MB);
    expect(replaySession.parse(first.json()).topics).toContain('TimingData');
    const heapBefore = heapAfterGc();

    const statuses = new Map<number, number>();
    const unexpected: string[] = [];
    for (let start = 0; start < FLOOD; start += AT_ONCE) {
      const batch = Array.from({ length: Math.min(AT_ONCE, FLOOD - start) }, (_, offset) => ask(`2025/Flood_${start + offset}/${SESSION}`));
      for (const answer of await Promise.all(batch)) {
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
        // A 502 says the stand-in dropped a connection (it closes idle keep-alive sockets): the archive's failure, told as such.
        const archiveFailed = answer.statusCode === 502 && /timing archive could not be read/.test(answer.body);
        if (answer.statusCode !== 200 && answer.statusCode !== 503 && !archiveFailed) unexpected.push(`${answer.statusCode} ${answer.body.slice(0, 300)}`);
        if (answer.statusCode === 503) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(store.bytes).toBeLessThanOrEqual(DEFAULT_REPLAY_CACHE_BYTES);
    }
    expect(statuses.get(200)).toBeGreaterThan(FLOOD / 2);
    expect(unexpected.slice(0, 5)).toEqual([]);
    expect((await test.app.inject('/api/health')).statusCode).toBe(200);
    // What stays after the flood is what the caches a replay passes through keep (the replays, their prepared bytes,
    // the last good answers), within their budgets, and nothing that grows with the requests.
    expect(heapAfterGc() - heapBefore).toBeLessThan(DEFAULT_REPLAY_CACHE_BYTES + PREPARED_BYTES + DEFAULT_LAST_GOOD_BYTES + 16 * MB);
  }, 900_000);

  it('remembers a missing session for a while: asked again, the archive is not asked again', async () => {
    const missing = `2025/${MEETING}/2025-05-04_Race/`;
    const before = standIn.requested().length;
    expect((await ask(missing)).statusCode).toBe(404);
    const fetches = standIn.requested().length - before;
    expect(fetches).toBeGreaterThan(0);
    for (let i = 0; i < 10; i += 1) expect((await ask(missing)).statusCode).toBe(404);
    expect(standIn.requested().length - before).toBe(fetches);
  });

  it('remembers an archive failure for a while too', async () => {
    const failing = `2025/Flood_1/${SESSION}`;
    standIn.set('2025/Flood_1/', { status: 500 });
    const freshStore = replayStore({ maxBytes: MB, prepare: replayPreparer({ client: createArchiveClient({ baseUrl: standIn.url }), db: test.database.db, maxBytes: DEFAULT_REPLAY_MAX_BYTES }) });
    const before = standIn.requested().length;
    await expect(freshStore.json(failing)).rejects.toMatchObject({ statusCode: 502 });
    const fetches = standIn.requested().length - before;
    await expect(freshStore.json(failing)).rejects.toMatchObject({ statusCode: 502 });
    expect(standIn.requested().length - before).toBe(fetches);
    standIn.release('2025/Flood_1/');
  });

  it("refuses a session whose files weigh more than the replay's cap in all, though each file is under the per-file cap", async () => {
    const capped = replayStore({ maxBytes: 8 * MB, prepare: replayPreparer({ client: createArchiveClient({ baseUrl: standIn.url }), db: test.database.db, maxBytes: 1 * MB }) });
    await expect(capped.json(`2025/Flood_2/${SESSION}`)).rejects.toMatchObject({ statusCode: 502, message: expect.stringMatching(/in all: refused/) });
  });
});
