import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, count } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { openTestDatabase } from '../../test/database';
import { startReleaseServer, type ReleaseServer } from '../../test/release-server';
import { readSourceStatus } from '../source-status';
import { F1dbImportError } from './index';
import { createReleaseSyncJob, currentF1dbTree, ReleaseUnavailable, releaseWorkDir, syncLatestRelease, unpackSourceTree, RELEASE_LIMITS } from './release';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/tiny');
const log = { info: () => undefined, warn: () => undefined };

function copyOfFixture(edit: (dir: string) => void = () => undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'f1db-release-tree-'));
  fs.cpSync(fixture, dir, { recursive: true });
  edit(dir);
  return dir;
}

describe('the F1DB release sync against a stand-in release server', () => {
  let database: Database;
  let releases: ReleaseServer;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'f1db-release-data-'));
  const workDir = releaseWorkDir(dataDir);
  const trees: string[] = [];
  const sync = () => syncLatestRelease({ db: database.db, url: releases.releasesUrl, workDir });

  beforeAll(async () => {
    database = await openTestDatabase();
    releases = await startReleaseServer();
  });
  afterAll(async () => {
    await releases.close();
    await database.close();
    for (const dir of [dataDir, ...trees]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports the latest release and records it', async () => {
    await releases.publish('v2026.12.0', fixture);
    const result = await sync();
    expect(result).toMatchObject({ status: 'imported', release: { tag: 'v2026.12.0' }, summary: { counts: { races: 3, practiceResults: 4 } } });
    expect((await readSourceStatus(database.db)).get('f1db-release')?.version).toBe('v2026.12.0');
    const [races] = await database.db.select({ n: count() }).from(schema.races);
    expect(races!.n).toBe(3);
    // The imported release's tree is kept, for a later re-import; nothing else is left.
    expect(fs.readdirSync(workDir)).toEqual(['current']);
    expect(currentF1dbTree({ dataDir, f1dbDir: '/elsewhere' })).toBe(path.join(workDir, 'current'));
    expect(currentF1dbTree({ dataDir: '/no/release/here', f1dbDir: '/elsewhere' })).toBe('/elsewhere');
  });

  it('does not download a release it imported already', async () => {
    const downloads = releases.downloads();
    expect(await sync()).toMatchObject({ status: 'up-to-date', release: { tag: 'v2026.12.0' } });
    expect(releases.downloads()).toBe(downloads);
  });

  it('imports a newer release, changing only what changed', async () => {
    const tree = copyOfFixture((dir) => fs.rmSync(path.join(dir, 'data/seasons/2024/races/02-china/free-practice-1-results.yml')));
    trees.push(tree);
    await releases.publish('v2026.13.0', tree);
    const result = await sync();
    expect(result).toMatchObject({ status: 'imported', summary: { changes: { practiceResults: { deleted: 4, inserted: 0, updated: 0 } } } });
    expect((await readSourceStatus(database.db)).get('f1db-release')?.version).toBe('v2026.13.0');
  });

  it('refuses a release whose data the importer refuses, and changes nothing', async () => {
    const tree = copyOfFixture((dir) => fs.rmSync(path.join(dir, 'data/seasons/2024/races/01-bahrain/race.yml')));
    trees.push(tree);
    await releases.publish('v2026.14.0', tree);
    const before = await database.db.select().from(schema.dataImports).orderBy(asc(schema.dataImports.id));
    await expect(sync()).rejects.toThrow(F1dbImportError);
    expect(await database.db.select().from(schema.dataImports)).toHaveLength(before.length);
    expect((await readSourceStatus(database.db)).get('f1db-release')?.version).toBe('v2026.13.0');
  });

  it('refuses what is not a release document, an archive over the size limit, and a source it cannot reach', async () => {
    releases.answerDocument(200, '{"message":"API rate limit exceeded"}');
    await expect(sync()).rejects.toThrow(/did not answer a release document/);
    releases.answerDocument(503, 'down');
    await expect(sync()).rejects.toThrow(/answered HTTP 503/);

    await releases.publish('v2026.15.0', fixture);
    await expect(syncLatestRelease({ db: database.db, url: releases.releasesUrl, workDir, limits: { archiveBytes: 1000 } })).rejects.toThrow(/over the limit of 1000/);
    await expect(syncLatestRelease({ db: database.db, url: 'http://127.0.0.1:9/repos/f1db/f1db/releases/latest', workDir })).rejects.toThrow(
      new ReleaseUnavailable('Could not reach http://127.0.0.1:9/repos/f1db/f1db/releases/latest'),
    );
    expect((await readSourceStatus(database.db)).get('f1db-release')?.version).toBe('v2026.13.0');
  });

  it('as a job: records each check, and that the source could not be reached', async () => {
    const job = createReleaseSyncJob({ db: database.db, url: releases.releasesUrl, workDir, log });
    expect(await job.checkNow()).toMatchObject({ status: 'imported', release: { tag: 'v2026.15.0' } });
    let status = (await readSourceStatus(database.db)).get('f1db-release')!;
    expect(status).toMatchObject({ version: 'v2026.15.0', lastError: null });
    expect(status.detail).toMatch(/^Imported v2026\.15\.0 \(\d+ rows changed, 0 provisional results corrected\)\.$/);
    expect(status.nextCheckAt!.getTime() - status.lastCheckAt!.getTime()).toBe(6 * 60 * 60_000);

    const offline = createReleaseSyncJob({ db: database.db, url: 'http://127.0.0.1:9/releases/latest', workDir, log });
    expect(await offline.checkNow()).toBeUndefined();
    status = (await readSourceStatus(database.db)).get('f1db-release')!;
    expect(status).toMatchObject({ version: 'v2026.15.0', detail: 'The last check failed; the data is unchanged.' });
    expect(status.lastError).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:9\/releases\/latest: /);
    expect(status.lastSuccessAt!.getTime()).toBeLessThan(status.lastErrorAt!.getTime());
  });
});

describe('unpacking a release archive', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function archiveOf(entries: Record<string, string>): Promise<string> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'f1db-archive-'));
    dirs.push(dir);
    for (const [file, text] of Object.entries(entries)) {
      fs.mkdirSync(path.dirname(path.join(dir, 'in', file)), { recursive: true });
      fs.writeFileSync(path.join(dir, 'in', file), text);
    }
    const file = path.join(dir, 'archive.tar.gz');
    await tar.c({ gzip: true, cwd: path.join(dir, 'in'), file }, fs.readdirSync(path.join(dir, 'in')));
    return file;
  }
  const into = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'f1db-unpacked-'));
    dirs.push(dir);
    return dir;
  };

  it('takes only the src tree of the one top folder', async () => {
    const archive = await archiveOf({ 'top/src/data/a.yml': 'a', 'top/src/schema/s.json': '{}', 'top/build.gradle': 'x' });
    const dir = into();
    await unpackSourceTree(archive, dir, RELEASE_LIMITS);
    expect(fs.readdirSync(dir).sort()).toEqual(['data', 'schema']);
  });

  it('refuses two top folders, a tree without src/data, too many bytes, and what is not an archive', async () => {
    await expect(unpackSourceTree(await archiveOf({ 'a/src/data/x': '1', 'b/src/schema/y': '2' }), into(), RELEASE_LIMITS)).rejects.toThrow(/one top folder, not 2/);
    await expect(unpackSourceTree(await archiveOf({ 'top/data/x': '1' }), into(), RELEASE_LIMITS)).rejects.toThrow(/no F1DB source tree/);
    await expect(unpackSourceTree(await archiveOf({ 'top/src/data/x': '12345' }), into(), { ...RELEASE_LIMITS, unpackedBytes: 4 })).rejects.toThrow(/over the limits/);
    const notArchive = path.join(into(), 'x.tar.gz');
    fs.writeFileSync(notArchive, 'hello');
    await expect(unpackSourceTree(notArchive, into(), RELEASE_LIMITS)).rejects.toThrow(/not a gzip tar archive/);
  });
});
