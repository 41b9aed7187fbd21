import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { clockFromConfig } from '../lib/clock';
import { openTestDatabase } from './database';

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

/** An app on a fresh test database with the clock pinned: one line per test file. */
export async function buildTestApp(
  options: { now?: string; config?: Partial<Config>; database?: Database; adminGuard?: preHandlerAsyncHookHandler } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', NEWS_REFRESH: 'false' }), ...options.config };
  const clock = clockFromConfig({ ...config, pinnedNow: new Date(options.now ?? '2025-07-05T12:00:00Z') });
  const app = await buildApp({ config, database, clock, adminGuard: options.adminGuard });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
