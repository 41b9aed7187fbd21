import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import * as schema from '../../db/schema';
import { openTestDatabase } from '../../test/database';
import { fillEmptyErgastTables } from './ergast-tables';
import { importF1db } from './index';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/tiny');

async function ergastTables(db: Db) {
  const ids = await db.select().from(schema.ergastIds);
  const statuses = await db.select().from(schema.ergastStatuses);
  const drivers = await db.select().from(schema.ergastDriverStandings);
  const constructors = await db.select().from(schema.ergastConstructorStandings);
  const byKey = <T>(rows: T[], key: (row: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
  const standingsKey = (row: { raceId: number; positionDisplayOrder: number }) => `${row.raceId} ${String(row.positionDisplayOrder).padStart(3, '0')}`;
  return {
    ids: byKey(ids, (row) => `${row.kind} ${row.f1dbId}`),
    statuses: byKey(statuses, (row) => row.status),
    standings: [...byKey(drivers, standingsKey), ...byKey(constructors, standingsKey)],
  };
}

describe('filling the Ergast tables of a database imported before they existed', () => {
  let database: Database;
  let db: Db;
  let imported: Awaited<ReturnType<typeof ergastTables>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await importF1db(db, { dir: fixture });
    imported = await ergastTables(db);
  });
  afterAll(() => database.close());

  it('leaves tables the import filled as they are', async () => {
    expect(await fillEmptyErgastTables(db)).toEqual([]);
    expect(await ergastTables(db)).toEqual(imported);
  });

  it('fills empty ones from the F1 data with the rows the import writes', async () => {
    expect(imported.ids.length).toBeGreaterThan(0);
    expect(imported.statuses.length).toBeGreaterThan(0);
    expect(imported.standings.length).toBeGreaterThan(0);
    await db.delete(schema.ergastIds);
    await db.delete(schema.ergastStatuses);
    await db.delete(schema.ergastDriverStandings);
    await db.delete(schema.ergastConstructorStandings);
    expect(await fillEmptyErgastTables(db)).toEqual(['ids', 'statuses', 'standings']);
    expect(await ergastTables(db)).toEqual(imported);
  });

  it('fills only the table that is empty', async () => {
    await db.delete(schema.ergastStatuses);
    expect(await fillEmptyErgastTables(db)).toEqual(['statuses']);
    expect(await ergastTables(db)).toEqual(imported);
  });
});

describe('a database without F1 data', () => {
  it('has nothing to fill the Ergast tables from', async () => {
    const database = await openTestDatabase();
    try {
      expect(await fillEmptyErgastTables(database.db)).toEqual([]);
      expect(await database.db.select().from(schema.ergastIds)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
