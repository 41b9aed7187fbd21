import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { auditEntries } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { inProcessEventBus } from '../../lib/events';
import { openTestDatabase } from '../../test/database';
import { reimportJobs } from './jobs';

const tinyF1db = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../ingest/f1db/fixtures/tiny');
const actor = { id: null as unknown as string, email: 'boss@example.com' };

describe('the re-import job runner', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('runs one re-import at a time: a second start while one runs is a 409', async () => {
    const clock = { now: () => new Date('2025-07-05T12:00:00Z'), pinned: true };
    const jobs = reimportJobs({ db: database.db, dir: () => tinyF1db, clock, events: inProcessEventBus() });
    const first = jobs.start(actor);
    let refusal: unknown;
    try {
      jobs.start(actor);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).statusCode).toBe(409);
    expect((refusal as HttpError).message).toContain('A re-import is already running');

    await jobs.idle();
    expect(jobs.get(first.id)).toMatchObject({ status: 'succeeded', progress: 'Done' });
    expect(await database.db.select().from(auditEntries)).toHaveLength(1);
    // Once it has finished, another may start.
    const second = jobs.start(actor);
    await jobs.idle();
    expect(jobs.get(second.id)).toMatchObject({ status: 'succeeded', result: { changedRows: 0 } });
  });
});
