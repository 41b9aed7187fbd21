import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { countries } from '../../db/schema';
import { openTestDatabase } from '../../test/database';
import { syncTable } from './sync';

const country = (id: string, name: string) => ({ id, alpha2Code: null, alpha3Code: null, name, demonym: null, continentId: 'europe' });

describe('syncTable', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const sync = (rows: Record<string, unknown>[]) => database.db.transaction((tx) => syncTable(tx, countries, rows));
  const stored = () => database.db.select().from(countries).orderBy(asc(countries.id));

  it('fills an empty table, then touches only the rows that differ', async () => {
    const many = Array.from({ length: 12_000 }, (_, index) => country(`c${index}`, `Country ${index}`));
    expect(await sync(many)).toEqual({ inserted: 12_000, updated: 0, deleted: 0 });
    expect(await sync(many)).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    const changed = [...many.slice(0, 9_999), country('c9999', 'Renamed'), country('new', 'New')];
    expect(await sync(changed)).toEqual({ inserted: 1, updated: 1, deleted: 2_000 });
    expect(await stored()).toHaveLength(10_001);
  });

  it('refuses a key the rows hold twice and keeps what was stored', async () => {
    const before = await stored();
    await expect(sync([country('twice', 'One'), country('twice', 'Two')])).rejects.toThrow();
    expect(await stored()).toEqual(before);
  });
});
