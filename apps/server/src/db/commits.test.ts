import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import type { Database } from './client';
import { isPlainRead } from './commits';

const scratch = pgTable('scratch', { name: text('name').primaryKey(), note: text('note') });

describe('the commits a database announces', () => {
  let database: Database;
  let announced = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table scratch (name text primary key, note text)`);
    database.commits.subscribe(() => (announced += 1));
  });
  afterAll(async () => {
    await database.close();
  });

  const announcedBy = async (work: () => Promise<unknown>) => {
    const before = announced;
    await work().catch(() => undefined);
    return announced - before;
  };

  it('announces a statement that writes outside a transaction, built or raw, once it has run', async () => {
    expect(await announcedBy(() => database.db.insert(scratch).values({ name: 'announced' }))).toBe(1);
    expect(await announcedBy(() => database.db.execute(sql`update scratch set note = 'x' where name = 'announced'`))).toBe(1);
    expect(await announcedBy(() => database.db.delete(scratch).where(sql`name = 'announced'`))).toBe(1);
  });

  it('announces a committed transaction once, and neither a rollback nor a read', async () => {
    expect(
      await announcedBy(() =>
        database.db.transaction(async (tx) => {
          await tx.insert(scratch).values({ name: 'in a transaction' });
          await tx.execute(sql`update scratch set note = 'y' where name = 'in a transaction'`);
        }),
      ),
    ).toBe(1);
    expect(
      await announcedBy(() =>
        database.db.transaction(async (tx) => {
          await tx.insert(scratch).values({ name: 'rolled back' });
          throw new Error('rolled back');
        }),
      ),
    ).toBe(0);
    expect(await announcedBy(() => database.db.select().from(scratch))).toBe(0);
    expect(await announcedBy(() => database.db.execute(sql`select 1`))).toBe(0);
  });

  it('does not announce a statement that failed', async () => {
    expect(await announcedBy(() => database.db.execute(sql`update no_such_table set x = 1`))).toBe(0);
  });
});

describe('isPlainRead', () => {
  it('tells reads from statements that may write', () => {
    expect(isPlainRead('select * from drivers')).toBe(true);
    expect(isPlainRead('  (select 1) union (select 2)')).toBe(true);
    expect(isPlainRead('((select 1) union (select 2)) union (select 3)')).toBe(true);
    expect(isPlainRead('with recent as (select 1) select * from recent where updated_at > now()')).toBe(true);
    expect(isPlainRead('with gone as (delete from drivers returning id) select count(*) from gone')).toBe(false);
    expect(isPlainRead('update drivers set name = $1')).toBe(false);
    expect(isPlainRead('insert into drivers values ($1)')).toBe(false);
    expect(isPlainRead('truncate drivers')).toBe(false);
    expect(isPlainRead('create table t (x int)')).toBe(false);
  });
});
