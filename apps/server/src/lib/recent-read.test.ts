import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { noteWrite } from '../db/writes';
import { openTestDatabase } from '../test/database';
import { recentRead } from './recent-read';

describe('recentRead', () => {
  let database: Database;
  let clockMs = 0;
  let reads = 0;
  const counted = () => Promise.resolve(++reads);

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('shares one read among the callers within its keep-time, then reads again', async () => {
    const kept = recentRead<number>(1000, () => clockMs);
    reads = 0;
    const [first, second] = await Promise.all([kept.read(database.db, counted), kept.read(database.db, counted)]);
    clockMs += 999;
    expect([first, second, await kept.read(database.db, counted)]).toEqual([1, 1, 1]);
    clockMs += 1;
    expect(await kept.read(database.db, counted)).toBe(2);
  });

  it('reads again at once after a committed transaction or a noted write, not after a rollback', async () => {
    const kept = recentRead<number>(1000, () => clockMs);
    reads = 0;
    await kept.read(database.db, counted);
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await kept.read(database.db, counted)).toBe(1);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    expect(await kept.read(database.db, counted)).toBe(2);
    noteWrite(database.db);
    expect(await kept.read(database.db, counted)).toBe(3);
  });

  it('does not keep a failed read', async () => {
    const kept = recentRead<number>(1000, () => clockMs);
    await expect(kept.read(database.db, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept.read(database.db, () => Promise.resolve(7))).toBe(7);
  });
});
