import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { races, teamColours } from '../db/schema';
import { openF1TestDatabase, writeF1DataDir } from './f1-database';

describe('openF1TestDatabase', () => {
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    first = await openF1TestDatabase();
    second = await openF1TestDatabase();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('gives each caller a private copy of the full data', async () => {
    await first.db.delete(teamColours).where(eq(teamColours.year, 2025));
    const [left] = await first.db.select({ n: count() }).from(teamColours).where(eq(teamColours.year, 2025));
    const [untouched] = await second.db.select({ n: count() }).from(teamColours).where(eq(teamColours.year, 2025));
    expect(left!.n).toBe(0);
    expect(untouched!.n).toBe(10);
    const [allRaces] = await second.db.select({ n: count() }).from(races);
    expect(allRaces!.n).toBeGreaterThan(1100);
  });

  // A PGlite data directory for a server under end-to-end tests; the PostgreSQL run has no use for it.
  it.skipIf(process.env.TEST_POSTGRES_URL)('fills a DATA_DIR that a server opens with the full data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-f1-data-'));
    try {
      await writeF1DataDir(dataDir);
      const database = await openDatabase({ dataDir });
      const [allRaces] = await database.db.select({ n: count() }).from(races);
      await database.close();
      expect(allRaces!.n).toBeGreaterThan(1100);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
