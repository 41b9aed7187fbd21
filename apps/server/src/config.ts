import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { OFFICIAL_NEWS_SOURCE, RACEFANS_NEWS_SOURCE, httpUrl, newsSourceName } from '@slipstream/contract';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const isoInstant = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)) && /T.*(Z|[+-]\d\d:\d\d)$/.test(value), {
    message: 'an ISO 8601 instant with a zone, e.g. 2025-07-05T12:00:00Z',
  });

export type NewsFeed = { source: string; url: string; everyMinutes: number };

const newsFeed = z.object({
  source: newsSourceName,
  url: httpUrl,
  everyMinutes: z.number().int().min(1).max(7 * 24 * 60).default(30),
});

const defaultNewsFeeds: NewsFeed[] = [
  { source: OFFICIAL_NEWS_SOURCE, url: 'https://www.formula1.com/en/latest/all.xml', everyMinutes: 30 },
  { source: RACEFANS_NEWS_SOURCE, url: 'https://www.racefans.net/feed/', everyMinutes: 30 },
];

/** NEWS_FEEDS: a JSON array of {source, url, everyMinutes?}; "[]" reads no feed. */
const newsFeedsJson = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'a JSON array of {"source", "url", "everyMinutes"?}' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(newsFeed)
      .refine((feeds) => new Set(feeds.map((feed) => feed.source)).size === feeds.length, 'each source name once'),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|memory:\/\/$)/, 'a postgres:// URL (or memory:// for an in-memory PGlite)')
    .optional(),
  F1DB_DIR: z.string().min(1).default(path.resolve(repoRoot, '../shared/data/f1db')),
  F1DB_AUTO_IMPORT: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
  SLIPSTREAM_NOW: isoInstant.optional(),
  SLIPSTREAM_SEASON: z.coerce.number().int().min(1950).max(2100).optional(),
  SLIPSTREAM_TEST_HOOKS: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NEWS_FEEDS: newsFeedsJson.default(defaultNewsFeeds),
  NEWS_REFRESH: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
  NEWS_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  NEWS_MAX_FEED_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(5 * 1024 * 1024),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  f1dbDir: string;
  f1dbAutoImport: boolean;
  pinnedNow: Date | undefined;
  seasonOverride: number | undefined;
  /** Lets end-to-end tests move the racing clock (PUT /api/test/clock); never in production. */
  testHooks: boolean;
  webDistDir: string;
  logLevel: string;
  newsFeeds: NewsFeed[];
  /** false: no scheduled feed reading (tests, or when another instance does it). */
  newsRefresh: boolean;
  newsFetchTimeoutMs: number;
  newsMaxFeedBytes: number;
};

export class ConfigError extends Error {}

/** Reads the environment once; a bad value names the variable and what it expects. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const value = parsed.data;
  if (value.SLIPSTREAM_TEST_HOOKS && value.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  SLIPSTREAM_TEST_HOOKS: must not be true when NODE_ENV is production');
  }
  return {
    env: value.NODE_ENV,
    host: value.HOST,
    port: value.PORT,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    f1dbDir: path.resolve(value.F1DB_DIR),
    f1dbAutoImport: value.F1DB_AUTO_IMPORT,
    pinnedNow: value.SLIPSTREAM_NOW ? new Date(value.SLIPSTREAM_NOW) : undefined,
    seasonOverride: value.SLIPSTREAM_SEASON,
    testHooks: value.SLIPSTREAM_TEST_HOOKS,
    webDistDir: path.resolve(value.WEB_DIST_DIR),
    logLevel: value.LOG_LEVEL,
    newsFeeds: value.NEWS_FEEDS,
    newsRefresh: value.NEWS_REFRESH,
    newsFetchTimeoutMs: value.NEWS_FETCH_TIMEOUT_MS,
    newsMaxFeedBytes: value.NEWS_MAX_FEED_BYTES,
  };
}
