import { max } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import type { Database, Db } from '../../db/client';
import { auditEntries, dataImports } from '../../db/schema';
import { rememberJson, type Cache } from '../../lib/cache';
import { isDatabaseUnavailable } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { featuredSeason } from '../system/service';

/**
 * What one request of the F1 API works with: the database, the racing clock read once (so one answer never
 * mixes two instants), and the cache keyed by the data version and the admin edit revision, so that a new import
 * (a data_imports row) or an admin edit (an audit entry) invalidates every cached answer at once.
 */
export type F1Context = {
  db: Db;
  cache: Cache;
  now: Date;
  clock: Clock;
  seasonOverride: number | undefined;
  /** The id of the last import. */
  dataVersion: number;
  /** The id of the last audit entry: admin edits change what the F1 answers say. */
  editRevision: number;
};

type Revision = { dataVersion: number; editRevision: number };

/** The revision each database last answered, so cached answers stay readable while it cannot be reached. */
const lastKnownRevisions = new WeakMap<Database, Revision>();

async function revision(database: Database): Promise<Revision> {
  try {
    const [[lastImport], [lastEdit]] = await Promise.all([
      database.db.select({ id: max(dataImports.id) }).from(dataImports),
      database.db.select({ id: max(auditEntries.id) }).from(auditEntries),
    ]);
    const known = { dataVersion: lastImport?.id ?? 0, editRevision: lastEdit?.id ?? 0 };
    lastKnownRevisions.set(database, known);
    return known;
  } catch (error) {
    const known = lastKnownRevisions.get(database);
    if (known && isDatabaseUnavailable(error)) return known;
    throw error;
  }
}

export async function f1Context({ database, clock, cache, config }: AppDeps): Promise<F1Context> {
  const now = clock.now();
  const { dataVersion, editRevision } = await revision(database);
  return {
    db: database.db,
    cache,
    now,
    clock: { now: () => new Date(now), pinned: clock.pinned },
    seasonOverride: config.seasonOverride,
    dataVersion,
    editRevision,
  };
}

/** Cached facts live until the next import; the TTL only bounds how long a shared cache keeps them. */
export const DATA_TTL_SECONDS = 3600;
/** Answers that follow the racing clock are keyed by its minute: every session boundary falls on a whole minute. */
export const CLOCK_TTL_SECONDS = 60;

export function dataKey(ctx: F1Context, ...parts: (string | number)[]): string {
  return ['f1', `${ctx.dataVersion}.${ctx.editRevision}`, ...parts].join(':');
}

export function clockKey(ctx: F1Context, ...parts: (string | number)[]): string {
  return dataKey(ctx, ctx.now.toISOString().slice(0, 16), ...parts);
}

export function currentSeason(ctx: F1Context): Promise<number> {
  return featuredSeason(ctx.db, ctx.clock, ctx.seasonOverride);
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

export function sendJson(reply: FastifyReply, json: string, cacheControl: string) {
  return reply.header('cache-control', cacheControl).type('application/json; charset=utf-8').send(json);
}
