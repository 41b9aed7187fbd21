/**
 * Test databases that already hold the full shared F1DB data (every season since 1950), cheaply.
 *
 *   import { openF1TestDatabase } from '../../test/f1-database';
 *
 *   let database: Database;
 *   beforeAll(async () => { database = await openF1TestDatabase(); });
 *   afterAll(() => database.close());
 *
 *   // with an app: const t = await buildTestApp({ database: await openF1TestDatabase() });
 *   // then close both: await t.close(); await t.database.close();
 *
 * Every call returns a private, migrated, writable copy: change it freely, no other test file sees it.
 *
 * - PGlite (the default): the first call imports the shared tree once into an in-memory PGlite and keeps
 *   a dump of it (PGlite's dumpDataDir) in node_modules/.cache/slipstream/; every call loads that dump into
 *   a new in-memory PGlite (loadDataDir, about 2 s). The dump is named by a key over the F1DB tree (paths,
 *   sizes, modification times), the migrations and the importer's code, so changing any of them makes a
 *   fresh dump on the next call; older dumps are deleted. Parallel test files wait for one another's build.
 * - PostgreSQL (TEST_POSTGRES_URL set): the first call of a test run imports into a template database
 *   slipstream_f1_<run>_<key>; every call copies it (CREATE DATABASE ... TEMPLATE, about 1 s) and close()
 *   drops the copy. The template is dropped when the run ends (test/global-setup.ts, the server project's
 *   globalSetup in vitest.config.ts, which also hands out the run id).
 *
 * The first call of a run can take 10–30 s (the import): call it in beforeAll, whose hookTimeout allows it.
 * writeF1DataDir(dir) fills a DATA_DIR with a PGlite database holding the same data, for a server that an
 * end-to-end test starts with DATA_DIR=dir (no import at start-up). The F1DB tree is F1DB_DIR, ../shared/data/f1db
 * or the release a first start downloaded (sharedF1dbDir).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase, pgliteDatabase, type Database } from '../db/client';
import { newPGlite, pgliteFolder } from '../db/pglite';
import { importF1db } from '../ingest/f1db';
import { hasF1dbTree } from '../ingest/f1db/first-start';
import { currentF1dbTree } from '../ingest/f1db/release';
import { createServerDatabase, serverDatabaseUrl, withAdminClient } from './database';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cacheDir = path.resolve(serverRoot, '../../node_modules/.cache/slipstream');

/** A private copy of a database holding the full shared F1DB data: PGlite, or PostgreSQL under TEST_POSTGRES_URL. */
export async function openF1TestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (!serverUrl) return pgliteDatabase(await newPGlite(undefined, new Blob([await pgliteDump()])));
  return createServerDatabase(serverUrl, await serverTemplate(serverUrl));
}

/** Fills dataDir (a new DATA_DIR) with a PGlite database holding the full shared F1DB data. */
export async function writeF1DataDir(dataDir: string): Promise<void> {
  const client = await newPGlite(pgliteFolder(dataDir), new Blob([await pgliteDump()]));
  await client.close();
}

/**
 * The full F1DB tree the helper imports (the folder holding data/): F1DB_DIR, else ../shared/data/f1db beside the
 * repository, else the release a first start of the server downloaded into DATA_DIR (on a clone elsewhere).
 */
export function sharedF1dbDir(): string {
  const config = loadConfig({ F1DB_DIR: process.env.F1DB_DIR, DATA_DIR: process.env.DATA_DIR });
  const tree = hasF1dbTree(config.f1dbDir) ? config.f1dbDir : currentF1dbTree(config);
  const nested = path.join(tree, 'src');
  if (fs.existsSync(path.join(nested, 'data'))) return nested;
  if (fs.existsSync(path.join(tree, 'data'))) return tree;
  throw new Error(
    `The tests that need the full F1DB found no tree at ${config.f1dbDir} nor a downloaded release in ${config.dataDir}: ` +
      'set F1DB_DIR, or run `npm start` once online so that it downloads F1DB\'s latest release.',
  );
}

async function pgliteDump(): Promise<Buffer> {
  return fs.readFileSync(await prepareF1Dump());
}

/** Makes the PGlite dump of the full F1DB data when it is not made yet (f1-dump-cli.ts); answers its file. */
export async function prepareF1Dump(): Promise<string> {
  const key = dataKey();
  const file = path.join(cacheDir, `f1db-${key}.tar`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    await withFileLock(path.join(cacheDir, 'f1db.lock'), async () => {
      if (fs.existsSync(file)) return;
      const client = new PGlite();
      const database = await pgliteDatabase(client);
      try {
        await database.migrate();
        await importF1db(database.db, { dir: sharedF1dbDir() });
        await client.exec('analyze');
        const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
        fs.writeFileSync(`${file}.partial`, dump);
        fs.renameSync(`${file}.partial`, file);
      } finally {
        await database.close();
      }
      for (const old of fs.readdirSync(cacheDir)) {
        if (old.startsWith('f1db-') && path.join(cacheDir, old) !== file) fs.rmSync(path.join(cacheDir, old), { force: true });
      }
    });
  }
  return file;
}

async function serverTemplate(serverUrl: string): Promise<string> {
  const runId = inject('testRunId');
  if (!runId) throw new Error('openF1TestDatabase on PostgreSQL needs the run id from test/global-setup.ts (the server project globalSetup)');
  const name = `slipstream_f1_${runId}_${dataKey().slice(0, 12)}`;
  await withAdminClient(serverUrl, async (admin) => {
    // One builder per server at a time; the others wait here and then find the template ready.
    await admin.query(`select pg_advisory_lock(hashtext('slipstream_f1_template'))`);
    try {
      const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (existing.rowCount) return;
      // Built under another name and renamed when complete, so a failed build is never copied.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const database = await openDatabase({ databaseUrl: serverDatabaseUrl(serverUrl, building), dataDir: '' });
      try {
        await database.migrate();
        await importF1db(database.db, { dir: sharedF1dbDir() });
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext('slipstream_f1_template'))`);
    }
  });
  return name;
}

let memoizedKey: string | undefined;

/** Names the cached data: changes with the F1DB tree, the migrations or the importer's code. */
function dataKey(): string {
  if (memoizedKey) return memoizedKey;
  const hash = createHash('sha256');
  for (const file of filesUnder(sharedF1dbDir())) {
    const stat = fs.statSync(file);
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  const code = [...filesUnder(path.join(serverRoot, 'drizzle')), ...filesUnder(path.join(serverRoot, 'src/ingest/f1db'))].filter((file) => !file.endsWith('.test.ts') && !file.includes('/fixtures/'));
  for (const file of code) hash.update(file).update(fs.readFileSync(file));
  memoizedKey = hash.digest('hex');
  return memoizedKey;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** A lock across test workers: a directory only one process can create; a dead owner's lock is taken over. */
async function withFileLock(lock: string, work: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (ownerIsGone(lock)) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
  try {
    await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function ownerIsGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    // No pid yet: its owner is about to write it, unless it died right after creating the lock.
    return Date.now() - fs.statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 60_000;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
  }
}
