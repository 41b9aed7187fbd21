import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { auditEntries, dataImports } from '../../db/schema';
import { remember, rememberJson, type Cache } from '../../lib/cache';
import type { Clock } from '../../lib/clock';
import { sendJson } from '../../lib/endpoints';
import { featuredSeason } from './season';

/**
 * What one request of the F1 API works with: the database, the racing clock read once (so one answer never
 * mixes two instants), and the cache keyed by the data revision (lib/cache/revision.ts) as it stood when the
 * request began, so that any write (an import, an admin edit, a fix made by hand) invalidates every cached answer.
 */
export type F1Context = {
  db: Db;
  cache: Cache;
  now: Date;
  clock: Clock;
  seasonOverride: number | undefined;
  revision: string;
};

export function f1Context({ database, clock, cache, config, revision }: Pick<AppDeps, 'database' | 'clock' | 'cache' | 'config' | 'revision'>): F1Context {
  const now = clock.now();
  return {
    db: database.db,
    cache,
    now,
    clock: { now: () => new Date(now), pinned: clock.pinned },
    seasonOverride: config.seasonOverride,
    revision: revision.current,
  };
}

/** The id of the last import and of the last audit entry (admin edits change what the F1 answers say). */
export type DataVersions = { dataVersion: number; editRevision: number };

/** The versions the answers were made from, for what must name them (a trivia round, a calendar's SEQUENCE). */
export function dataVersions(ctx: F1Context): Promise<DataVersions> {
  return remember(ctx.cache, dataKey(ctx, 'versions'), DATA_TTL_SECONDS, async () => {
    const [row] = await ctx.db
      .select({
        dataVersion: sql<number>`coalesce((select max(${dataImports.id}) from ${dataImports}), 0)::int`,
        editRevision: sql<number>`coalesce((select max(${auditEntries.id}) from ${auditEntries}), 0)::int`,
      })
      .from(sql`(select 1) as one`);
    return { dataVersion: Number(row?.dataVersion ?? 0), editRevision: Number(row?.editRevision ?? 0) };
  });
}

/** Cached facts live until the data revision moves; the TTL only bounds how long a shared cache keeps them. */
export const DATA_TTL_SECONDS = 3600;
/** Answers that follow the racing clock are keyed by its minute: every session boundary falls on a whole minute. */
export const CLOCK_TTL_SECONDS = 60;

export function dataKey(ctx: F1Context, ...parts: (string | number)[]): string {
  return ['f1', ctx.revision, ...parts].join(':');
}

export function clockKey(ctx: F1Context, ...parts: (string | number)[]): string {
  return dataKey(ctx, ctx.now.toISOString().slice(0, 16), ...parts);
}

/** The featured season, looked up once per racing-clock minute and data revision. */
export function currentSeason(ctx: F1Context): Promise<number> {
  if (ctx.seasonOverride) return Promise.resolve(ctx.seasonOverride);
  return remember(ctx.cache, clockKey(ctx, 'featured-season'), CLOCK_TTL_SECONDS, () => featuredSeason(ctx.db, ctx.clock));
}

/** The JSON answer for key: computed, checked against its contract schema, then cached. */
export function answer<S extends z.ZodType>(
  ctx: F1Context,
  key: string,
  ttlSeconds: number,
  schema: S,
  compute: () => Promise<z.input<S>>,
): Promise<string> {
  return rememberJson(ctx.cache, key, ttlSeconds, async () => schema.parse(await compute()));
}

export const CACHE_CONTROL = {
  /**
   * Answers that change with the racing clock and the admin's timetable (next meeting, session status): a shared
   * cache (proxy) may keep them a minute, but browsers revalidate with the ETag on every use (a 304 when
   * unchanged), so a moved session shows at once for the admin who moved it.
   */
  clock: 'public, max-age=0, s-maxage=60',
  /** Facts that change only with an import. */
  data: 'public, max-age=300',
  /** Answers that carry the users' favourite counts: revalidated (ETag) on every use, so a new favourite shows at once. */
  community: 'public, max-age=0',
  /** Drawings and flags: revalidated with the ETag after a day. */
  asset: 'public, max-age=86400',
};

/** Sends an answer that is assembled per request (not cached whole), checked against its contract schema. */
export function sendValidated<S extends z.ZodType>(reply: FastifyReply, schema: S, value: z.input<S>, cacheControl: string) {
  return sendJson(reply, JSON.stringify(schema.parse(value)), cacheControl);
}

/** The event tracker's Cache-Control: the proxy keeps it as long as X-Cache-Duration asks, browsers revalidate. */
export function sharedCacheFor(seconds: number): string {
  return `public, max-age=0, s-maxage=${seconds}`;
}

export { sendJson };
