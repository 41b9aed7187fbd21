import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { inProcessEventBus } from '../../lib/events';
import { buildTestApp } from '../../test/app';
import { openTestDatabase } from '../../test/database';
import { startReleaseServer, type ReleaseServer } from '../../test/release-server';
import { readSourceStatus, recordSourceStatus } from '../source-status';
import { loadF1DataAtStart, missingF1Data } from './first-start';
import { hasF1Data } from './index';
import { createReleaseSyncJob, releaseWorkDir } from './release';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/tiny');
/** A port nothing listens on: the connection is refused, as offline. */
const OFFLINE_URL = 'http://127.0.0.1:1/repos/f1db/f1db/releases/latest';

/** A log that keeps its lines, as "level: message" (with the details when there are any). */
function collectingLog() {
  const lines: string[] = [];
  const line = (level: string) => (first: object | string, message?: string) => {
    if (typeof first === 'string') lines.push(`${level}: ${first}`);
    else lines.push(`${level}: ${message}${Object.keys(first).length > 0 ? ` ${JSON.stringify(first)}` : ''}`);
  };
  return { lines, log: { info: line('info'), warn: line('warn') } };
}

/** A first start on an empty database whose F1DB_DIR holds no tree, reading releases from url. */
async function firstStart(url: string, options: { dir?: string; scheduled?: boolean; checkedAt?: Date } = {}) {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-first-start-'));
  const config = { ...loadConfig({ F1DB_DIR: options.dir ?? path.join(dataDir, 'no-f1db-here'), F1DB_RELEASES_URL: url, F1DB_SYNC: String(options.scheduled ?? false) }), dataDir };
  const { lines, log } = collectingLog();
  const release = createReleaseSyncJob({ db: database.db, url, workDir: releaseWorkDir(dataDir), log, onProgress: (step) => log.info(step) });
  if (options.checkedAt) await recordSourceStatus(database.db, 'f1db-release', { lastCheckAt: options.checkedAt });
  if (options.scheduled) release.start();
  const afterListening = await loadF1DataAtStart({ config, db: database.db, events: inProcessEventBus(), release, log });
  return {
    database,
    config,
    lines,
    release,
    afterListening,
    async close() {
      await release.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('a first start without F1 data', () => {
  let releases: ReleaseServer;
  beforeAll(async () => {
    releases = await startReleaseServer();
    await releases.publish('v2026.12.0', fixture);
  });
  afterAll(() => releases.close());

  it('imports the F1DB tree at F1DB_DIR before listening, without downloading anything', async () => {
    const start = await firstStart(releases.releasesUrl, { dir: fixture });
    try {
      expect(await hasF1Data(start.database.db)).toBe(true);
      start.afterListening();
      expect(releases.downloads()).toBe(0);
      expect(start.lines[0]).toBe(`info: No F1 data yet: importing F1DB from ${fixture}`);
    } finally {
      await start.close();
    }
  });

  it('downloads and imports the latest release once listening when there is no tree, saying how far it got', async () => {
    const start = await firstStart(releases.releasesUrl);
    try {
      expect(await hasF1Data(start.database.db)).toBe(false);
      expect(await missingF1Data(start.database.db, start.config)).toEqual({ reason: "F1DB's latest release is being downloaded", nextTryAt: null });
      start.afterListening();
      await start.release.checkNow();
      expect(await hasF1Data(start.database.db)).toBe(true);
      expect(await missingF1Data(start.database.db, start.config)).toBeUndefined();
      expect(start.lines).toEqual(
        expect.arrayContaining([
          `info: No F1 data yet and no F1DB tree at ${start.config.f1dbDir}: downloading F1DB's latest release from ${releases.releasesUrl}`,
          expect.stringMatching(/^info: Downloading F1DB v2026\.12\.0 from http:\/\/127\.0\.0\.1:\d+\/repos\/f1db\/f1db\/tarball\/v2026\.12\.0$/),
          expect.stringMatching(/^info: Downloaded \d+ kB; unpacking$/),
          expect.stringMatching(/^info: Importing F1DB v2026\.12\.0: Writing races \(\d+\/\d+\)$/),
        ]),
      );
      expect(start.lines.filter((line) => line.startsWith('warn'))).toEqual([]);
    } finally {
      await start.close();
    }
  });

  it('offline, says why in one line without a stack, and the meta endpoint says why and when the next try is', async () => {
    // Checked a minute ago (a start before this one): without F1 data the scheduled sync tries again at once.
    const start = await firstStart(OFFLINE_URL, { scheduled: true, checkedAt: new Date(Date.now() - 60_000) });
    try {
      start.afterListening();
      await vi.waitFor(async () => expect((await readSourceStatus(start.database.db)).get('f1db-release')?.lastErrorAt).toBeInstanceOf(Date), { timeout: 30_000 });
      expect(await hasF1Data(start.database.db)).toBe(false);
      const warnings = start.lines.filter((line) => line.startsWith('warn'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^warn: F1 data is not loaded yet: Could not reach http:\/\/127\.0\.0\.1:1\/\S+: fetch failed; next try at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const t = await buildTestApp({ database: start.database, config: { f1dbSync: true } });
      try {
        const meta = (await t.app.inject('/api/meta')).json();
        expect(meta.dataVersion).toBeNull();
        expect(meta.missingF1Data.reason).toBe(`Could not reach ${OFFLINE_URL}: fetch failed`);
        expect(Date.parse(meta.missingF1Data.nextTryAt)).toBeGreaterThan(Date.now() + 5 * 60 * 60_000);
      } finally {
        await t.close();
      }
    } finally {
      await start.close();
    }
  });
});
