import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { AppDeps } from '../deps';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { clockFromConfig } from '../lib/clock';
import type { EventBus } from '../lib/events';
import type { RedisLink } from '../lib/redis';
import { openTestDatabase } from './database';

export type TestApp = { app: FastifyInstance; database: Database; config: Config; close(): Promise<void> };

/**
 * An app on a fresh test database with the clock pinned, a random session secret and its own throw-away
 * DATA_DIR (uploads): one line per test file.
 */
export async function buildTestApp(
  options: { now?: string; config?: Partial<Config>; database?: Database; redis?: RedisLink; events?: EventBus } & Pick<AppDeps, 'adminGuard' | 'onRoute' | 'microCache' | 'liveTiming' | 'liveTower' | 'replays'> & Partial<Pick<AppDeps, 'revision'>> = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-test-'));
  const config: Config = {
    // Tests never reach the internet: the result sources are a closed local port unless a test starts a stand-in.
    ...loadConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      NEWS_REFRESH: 'false',
      F1DB_SYNC: 'false',
      F1DB_RELEASES_URL: 'http://127.0.0.1:9/releases/latest',
      LIVETIMING_SYNC: 'false',
      LIVETIMING_URL: 'http://127.0.0.1:9',
    }),
    dataDir,
    sessionSecret: crypto.randomBytes(32).toString('base64url'),
    // inject() comes from 127.0.0.1: tests set X-Forwarded-For to play several client addresses.
    trustProxy: ['loopback'],
    // Pages are rendered only where a test gives the web app's server build (whether the real one is built varies).
    webSsrDir: path.join(dataDir, 'no-server-build'),
    ...options.config,
  };
  const clock = clockFromConfig({ ...config, pinnedNow: new Date(options.now ?? '2025-07-05T12:00:00Z') });
  const app = await buildApp({ config, database, clock, adminGuard: options.adminGuard, redis: options.redis, events: options.events, onRoute: options.onRoute, microCache: options.microCache, revision: options.revision, liveTiming: options.liveTiming, liveTower: options.liveTower, replays: options.replays });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
