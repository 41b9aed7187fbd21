import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/database';
import { HttpError, isUnstorableText } from './errors';
import { parseInput } from './validation';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  return undefined;
};

describe('parseInput', () => {
  const news = z.object({ title: z.string(), tags: z.array(z.string()), author: z.object({ name: z.string() }).optional() });

  it('answers a NUL character in any string of the input with a 400 naming where it is', () => {
    expect(refusal(() => parseInput(news, { title: 'Norris\u0000wins', tags: [] }))).toEqual({ status: 400, message: 'Invalid title: must not contain a NUL character' });
    expect(refusal(() => parseInput(news, { title: 'ok', tags: ['a', '\u0000'] }))).toEqual({ status: 400, message: 'Invalid tags.1: must not contain a NUL character' });
    expect(refusal(() => parseInput(news, { title: 'ok', tags: [], author: { name: 'x\u0000' } }))).toEqual({
      status: 400,
      message: 'Invalid author.name: must not contain a NUL character',
    });
    expect(refusal(() => parseInput(z.string(), '\u0000'))).toEqual({ status: 400, message: 'Invalid request: must not contain a NUL character' });
    expect(parseInput(news, { title: 'Norris wins', tags: ['race'] })).toEqual({ title: 'Norris wins', tags: ['race'] });
  });
});

describe('text the database cannot store', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('is told apart from other database errors, so it answers 400 rather than 500', async () => {
    const failure = async (query: ReturnType<typeof sql>) => database.db.execute(query).then(() => undefined, (error: unknown) => error);
    expect(isUnstorableText(await failure(sql`select ${'a\u0000b'}::text`))).toBe(true);
    expect(isUnstorableText(await failure(sql`select ${'{"a":"\\u0000"}'}::jsonb ->> 'a'`))).toBe(true);
    expect(isUnstorableText(await failure(sql`select 1/0`))).toBe(false);
  });
});
