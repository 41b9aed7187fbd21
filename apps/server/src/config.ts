import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { OFFICIAL_NEWS_SOURCE, RACEFANS_NEWS_SOURCE, httpUrl, newsSourceName } from '@slipstream/contract';
import { repoRoot } from './paths';
import { DEFAULT_ANSWER_CACHE_BYTES, DEFAULT_LAST_GOOD_BYTES, DEFAULT_REPLAY_CACHE_BYTES, DEFAULT_REPLAY_MAX_BYTES, MB } from './lib/cache/budgets';

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
/** A base URL of a service we call or are reached at: http(s), no trailing slash. */
const serviceUrl = z
  .string()
  .regex(/^https?:\/\/[^/]/, 'an http:// or https:// URL')
  .refine((value) => URL.canParse(value), { message: 'a valid URL' })
  .transform((value) => value.replace(/\/+$/, ''));

/** Names proxy-addr knows besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const width = Number(bits);
  return /^\d+$/.test(bits) && width <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: whose X-Forwarded-For / -Proto / -Host to believe. "false" (nobody: the socket's address is the
 * client), or a comma list of addresses, CIDRs or loopback/linklocal/uniquelocal: the proxies in front of us. "true"
 * (anyone) is refused: any client could then choose its own address and dodge the rate limits.
 */
const trustProxySetting = z
  .string()
  .transform((value) => value.trim())
  .pipe(
    z.union([
      z.literal('false').transform(() => false as const),
      z
        .string()
        .transform((value) => value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== ''))
        .refine((entries) => entries.length > 0 && entries.every(isAddressOrRange), {
          message: 'false, or a comma list of addresses, CIDRs or loopback/linklocal/uniquelocal (the proxies in front)',
        }),
    ]),
  );

export type TrustProxy = false | string[];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|memory:\/\/$)/, 'a postgres:// URL (or memory:// for an in-memory PGlite)')
    .optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  F1DB_DIR: z.string().min(1).default(path.resolve(repoRoot, '../shared/data/f1db')),
  F1DB_AUTO_IMPORT: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
  F1DB_RELEASES_URL: serviceUrl.default('https://api.github.com/repos/f1db/f1db/releases/latest'),
  F1DB_SYNC: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
  SLIPSTREAM_NOW: isoInstant.optional(),
  SLIPSTREAM_SEASON: z.coerce.number().int().min(1950).max(2100).optional(),
  SLIPSTREAM_TEST_HOOKS: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  WEB_SSR_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist-ssr')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  LIVE_STREAMS_TOTAL: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  NEWS_FEEDS: newsFeedsJson.default(defaultNewsFeeds),
  NEWS_REFRESH: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
  NEWS_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  NEWS_MAX_FEED_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(5 * 1024 * 1024),
  PUBLIC_URL: serviceUrl.optional(),
  SESSION_SECRET: z.string().min(32, 'at least 32 characters (e.g. `openssl rand -base64 48`)').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, 'an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Slipstream <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: serviceUrl.default('https://accounts.google.com'),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_AUTHORIZE_URL: serviceUrl.default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: serviceUrl.default('https://github.com/login/oauth/access_token'),
  GITHUB_USERINFO_URL: serviceUrl.default('https://api.github.com/user'),
  VOTE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  VOTE_ANONYMOUS_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(3),
  REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'a redis:// or rediss:// URL').optional(),
  TRUST_PROXY: trustProxySetting.default(false),
  LIVETIMING_URL: serviceUrl.default('https://livetiming.formula1.com'),
  LIVETIMING_SYNC: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
  LIVETIMING_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  LIVETIMING_FEED: z.enum(['true', 'false']).optional(),
  LIVETIMING_MAX_REPLAY_MB: z.coerce.number().int().min(1).max(256).default(DEFAULT_REPLAY_MAX_BYTES / MB),
  ANSWER_CACHE_MB: z.coerce.number().int().min(1).max(1024).default(DEFAULT_ANSWER_CACHE_BYTES / MB),
  REPLAY_CACHE_MB: z.coerce.number().int().min(1).max(1024).default(DEFAULT_REPLAY_CACHE_BYTES / MB),
  LAST_GOOD_MB: z.coerce.number().int().min(1).max(1024).default(DEFAULT_LAST_GOOD_BYTES / MB),
});

/** An OAuth client: set only when both its id and its secret are configured. */
export type OAuthClientConfig = { clientId: string; clientSecret: string };

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The longest a statement of the server may run, on either database; then 503 with Retry-After. */
  databaseStatementTimeoutMs: number;
  f1dbDir: string;
  f1dbAutoImport: boolean;
  /** The GitHub API's latest-release document of F1DB, read by the release sync. */
  f1dbReleasesUrl: string;
  /** false: no scheduled release sync (tests, or instances that leave it to another); the admin can still check. */
  f1dbSync: boolean;
  pinnedNow: Date | undefined;
  seasonOverride: number | undefined;
  /** Lets end-to-end tests move the racing clock (PUT /api/test/clock); never in production. */
  testHooks: boolean;
  webDistDir: string;
  /** The web app's server build (entry-server.js), which prepares and renders the pages it sends; none there, none rendered. */
  webSsrDir: string;
  logLevel: string;
  /** How long a client may take to send a whole request, headers and body; then 408 and the connection is closed. */
  requestTimeoutMs: number;
  /** How often an open event stream (GET /api/live/events) gets a comment line, so proxies keep it open. */
  liveHeartbeatMs: number;
  /** Open event streams one instance keeps: per client address (429 past it) and in all (503 past it). */
  liveStreams: { perAddress: number; total: number };
  newsFeeds: NewsFeed[];
  /** false: no scheduled feed reading (tests, or when another instance does it). */
  newsRefresh: boolean;
  newsFetchTimeoutMs: number;
  newsMaxFeedBytes: number;
  /** Where the site is reached from outside (links in mails, OAuth redirect URIs), without a trailing slash. */
  publicUrl: string;
  /** HS256 key for access tokens; main.ts fills it from DATA_DIR in development when unset. */
  sessionSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: (OAuthClientConfig & { issuerUrl: string }) | undefined;
  github: (OAuthClientConfig & { authorizeUrl: string; tokenUrl: string; userinfoUrl: string }) | undefined;
  /** Vote submissions (POST /api/vote) allowed per client address per minute. */
  voteRateLimit: number;
  /** Anonymous ballots one client address may cast per race (clearing cookies is no free second vote). */
  anonymousVotesPerAddress: number;
  /** Shared cache, rate-limit counters and event fan-out for several instances; unset, all in this process. */
  redisUrl: string | undefined;
  /** The proxies whose X-Forwarded-* headers are believed (Fastify's trustProxy). */
  trustProxy: TrustProxy;
  /** F1's live-timing archive (files under {liveTimingUrl}/static/), without a trailing slash. */
  liveTimingUrl: string;
  /** false: no polling of the live-timing archive for provisional results. */
  liveTimingSync: boolean;
  /** How often a session waiting for its classification is read from the archive again. */
  liveTimingPollMs: number;
  /** Whether this instance takes part in holding F1's live feed ({liveTimingUrl}/signalrcore) during sessions. */
  liveTimingFeed: boolean;
  /** What the archive files of one replay may weigh in all; a larger session is refused (502). */
  replayMaxBytes: number;
  /**
   * The byte budgets of this process's caches (docs/performance.md): the answer cache when there is no Redis, the
   * replays prepared, and the last good public answers kept for a database outage.
   */
  cacheBytes: { answers: number; replays: number; lastGood: number };
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
  const problems = productionProblems(value);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    env: value.NODE_ENV,
    host: value.HOST,
    port: value.PORT,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    databaseStatementTimeoutMs: value.DATABASE_STATEMENT_TIMEOUT_MS,
    f1dbDir: path.resolve(value.F1DB_DIR),
    f1dbAutoImport: value.F1DB_AUTO_IMPORT,
    f1dbReleasesUrl: value.F1DB_RELEASES_URL,
    f1dbSync: value.F1DB_SYNC,
    pinnedNow: value.SLIPSTREAM_NOW ? new Date(value.SLIPSTREAM_NOW) : undefined,
    seasonOverride: value.SLIPSTREAM_SEASON,
    testHooks: value.SLIPSTREAM_TEST_HOOKS,
    webDistDir: path.resolve(value.WEB_DIST_DIR),
    webSsrDir: path.resolve(value.WEB_SSR_DIR),
    logLevel: value.LOG_LEVEL,
    requestTimeoutMs: value.REQUEST_TIMEOUT_SECONDS * 1000,
    liveHeartbeatMs: value.LIVE_HEARTBEAT_SECONDS * 1000,
    liveStreams: { perAddress: value.LIVE_STREAMS_PER_ADDRESS, total: value.LIVE_STREAMS_TOTAL },
    newsFeeds: value.NEWS_FEEDS,
    newsRefresh: value.NEWS_REFRESH,
    newsFetchTimeoutMs: value.NEWS_FETCH_TIMEOUT_MS,
    newsMaxFeedBytes: value.NEWS_MAX_FEED_BYTES,
    publicUrl: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
    sessionSecret: value.SESSION_SECRET,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    google: oauthClient(value.GOOGLE_CLIENT_ID, value.GOOGLE_CLIENT_SECRET, { issuerUrl: value.GOOGLE_ISSUER_URL }),
    github: oauthClient(value.GITHUB_CLIENT_ID, value.GITHUB_CLIENT_SECRET, {
      authorizeUrl: value.GITHUB_AUTHORIZE_URL,
      tokenUrl: value.GITHUB_TOKEN_URL,
      userinfoUrl: value.GITHUB_USERINFO_URL,
    }),
    voteRateLimit: value.VOTE_RATE_LIMIT,
    anonymousVotesPerAddress: value.VOTE_ANONYMOUS_PER_ADDRESS,
    redisUrl: value.REDIS_URL,
    trustProxy: value.TRUST_PROXY,
    liveTimingUrl: value.LIVETIMING_URL,
    replayMaxBytes: value.LIVETIMING_MAX_REPLAY_MB * MB,
    cacheBytes: { answers: value.ANSWER_CACHE_MB * MB, replays: value.REPLAY_CACHE_MB * MB, lastGood: value.LAST_GOOD_MB * MB },
    liveTimingSync: value.LIVETIMING_SYNC,
    liveTimingPollMs: value.LIVETIMING_POLL_SECONDS * 1000,
    // Tests open no feed unless they ask for one.
    liveTimingFeed: value.LIVETIMING_FEED === undefined ? value.NODE_ENV !== 'test' : value.LIVETIMING_FEED === 'true',
  };
}

function oauthClient<T extends object>(clientId: string | undefined, clientSecret: string | undefined, urls: T) {
  return clientId && clientSecret ? { clientId, clientSecret, ...urls } : undefined;
}

/** Production must not fall back to development conveniences: a generated secret or plain-HTTP identity providers. */
function productionProblems(value: z.infer<typeof envSchema>): string[] {
  if (value.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!value.SESSION_SECRET) problems.push('  SESSION_SECRET: required in production (at least 32 random characters)');
  if (!value.PUBLIC_URL) problems.push('  PUBLIC_URL: required in production (e.g. https://slipstream.example)');
  // Without it every confirmation and reset link would only be written to the log.
  if (!value.SMTP_URL) problems.push('  SMTP_URL: required in production (e.g. smtps://user:pass@smtp.example:465)');
  const providerUrls = {
    GOOGLE_ISSUER_URL: value.GOOGLE_ISSUER_URL,
    GITHUB_AUTHORIZE_URL: value.GITHUB_AUTHORIZE_URL,
    GITHUB_TOKEN_URL: value.GITHUB_TOKEN_URL,
    GITHUB_USERINFO_URL: value.GITHUB_USERINFO_URL,
    F1DB_RELEASES_URL: value.F1DB_RELEASES_URL,
  };
  for (const [name, url] of Object.entries(providerUrls)) {
    if (!url.startsWith('https://')) problems.push(`  ${name}: must be an https:// URL in production`);
  }
  return problems;
}
