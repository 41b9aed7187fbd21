import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './app';
import { openF1TestDatabase } from './f1-database';

/**
 * The app of one test file on its private copy of the whole F1 data, opened before its tests and closed after
 * them, with the test hooks on so the tests can move the racing clock (PUT /api/test/clock).
 */
export function useF1TestApp(): Pick<TestApp, 'app' | 'database'> {
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await buildTestApp({ database: await openF1TestDatabase(), config: { testHooks: true } });
  });
  afterAll(async () => {
    await opened?.close();
    await opened?.database.close();
  });
  const current = () => {
    if (!opened) throw new Error('The F1 test app opens in beforeAll: use it inside a test or hook');
    return opened;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
  };
}
