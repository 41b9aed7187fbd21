import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openServerDatabase } from '../../db/embedded';
import { STATEMENT_TIMEOUT_MESSAGE } from '../../lib/errors';
import { buildTestApp, type TestApp } from '../../test/app';
import { createServerDatabase } from '../../test/database';

/**
 * A statement slower than DATABASE_STATEMENT_TIMEOUT_MS is stopped and answered 503 with Retry-After, and the
 * server answers other requests while it runs: on PostgreSQL (statement_timeout) with TEST_POSTGRES_URL, else on the
 * embedded database as the server opens it (PGlite in its worker thread, stopped and opened again).
 */

const STATEMENT_TIMEOUT_MS = 1000;

async function openDatabaseWithTimeout(): Promise<{ database: Database; cleanUp(): void }> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (serverUrl) return { database: await createServerDatabase(serverUrl, undefined, { statementTimeoutMs: STATEMENT_TIMEOUT_MS }), cleanUp: () => undefined };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-slow-'));
  const database = await openServerDatabase({ dataDir, databaseStatementTimeoutMs: STATEMENT_TIMEOUT_MS });
  return { database, cleanUp: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

describe('a statement that runs over the statement timeout', () => {
  let t: TestApp;
  let cleanUp: () => void;

  beforeAll(async () => {
    const opened = await openDatabaseWithTimeout();
    cleanUp = opened.cleanUp;
    await opened.database.migrate();
    t = await buildTestApp({ database: opened.database, config: { testHooks: true } });
  });
  afterAll(async () => {
    await t?.close();
    await t?.database.close();
    cleanUp?.();
  });

  it('is stopped and answered 503 with Retry-After, while the clock and the health check answer meanwhile', async () => {
    let slowSettled = false;
    const slow = t.app.inject('/api/test/slow-query?seconds=30').finally(() => (slowSettled = true));

    const time = await t.app.inject('/api/time');
    expect(time.statusCode).toBe(200);
    const health = await t.app.inject('/api/health');
    expect(health.json()).toMatchObject({ database: 'up' });
    expect(slowSettled).toBe(false);

    const answer = await slow;
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ message: STATEMENT_TIMEOUT_MESSAGE });
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('leaves the database serving afterwards', async () => {
    await expect.poll(async () => (await t.app.inject('/api/health')).statusCode, { timeout: 60_000, interval: 250 }).toBe(200);
    expect((await t.app.inject('/api/test/slow-query?seconds=0.01')).json()).toEqual({ slept: 0.01 });
  });

  it('refuses a slow query hook asked for too long or for nothing', async () => {
    expect((await t.app.inject('/api/test/slow-query?seconds=600')).statusCode).toBe(400);
    expect((await t.app.inject('/api/test/slow-query')).statusCode).toBe(400);
  });
});
