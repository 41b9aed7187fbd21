import { z } from './zod';

/** The server's racing-calendar "now", so the browser can keep the same clock (pinned or real). */
export const timeResponse = z.object({
  now: z.string(),
  pinned: z.boolean(),
});
export type TimeResponse = z.infer<typeof timeResponse>;

export const dataVersion = z.object({
  source: z.string(),
  version: z.string(),
  dataDate: z.string(),
  importedAt: z.string(),
});
export type DataVersion = z.infer<typeof dataVersion>;

/** Why the site has no F1 data yet, and when the server next tries to load it (null: at its next start). */
export const missingF1Data = z.object({
  reason: z.string(),
  nextTryAt: z.string().nullable(),
});
export type MissingF1Data = z.infer<typeof missingF1Data>;

export const metaResponse = z.object({
  featuredSeason: z.number().int(),
  dataVersion: dataVersion.nullable(),
  /** Only while the database holds no F1 data (a first start that could not download it). */
  missingF1Data: missingF1Data.optional(),
});
export type MetaResponse = z.infer<typeof metaResponse>;

/** off: no REDIS_URL (one instance, everything in process); down: configured but unreachable (in-process fallback). */
export const redisStatus = z.enum(['up', 'down', 'off']);

/** GET /api/health: 200 while the database answers (degraded when Redis is down), 503 when it does not. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  redis: redisStatus,
});
export type HealthResponse = z.infer<typeof healthResponse>;

/**
 * GET /api/ready: whether a load balancer should send this instance requests: 200 when the database answers and
 * the server is not shutting down, 503 otherwise. Redis being down does not make it unready (it falls back).
 */
export const readyResponse = z.object({
  ready: z.boolean(),
  database: z.enum(['up', 'down']),
  redis: redisStatus,
});
export type ReadyResponse = z.infer<typeof readyResponse>;

/** PUT /api/test/clock (only with SLIPSTREAM_TEST_HOOKS=true): move the racing clock, null for real time. */
export const setClockRequest = z.object({ now: z.iso.datetime({ offset: true }).nullable() });
export type SetClockRequest = z.infer<typeof setClockRequest>;

/**
 * POST /api/test/users (only with SLIPSTREAM_TEST_HOOKS=true): an account whose address is already confirmed,
 * so end-to-end tests can sign in (POST /api/auth/sign-in) without reading mail. The body is a sign-up's.
 */
export const testUserResponse = z.object({ uid: z.string(), email: z.string() });
export type TestUserResponse = z.infer<typeof testUserResponse>;
