import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Database, Db } from '../../db/client';
import { auditEntries, dataImports } from '../../db/schema';
import { remember, rememberJson, type Cache } from '../../lib/cache';
import { isDatabaseUnavailable } from '../../lib/errors';
import { recentRead } from '../../lib/recent-read';
import { sendPreparedJson } from '../../lib/prepared';
import type { Clock } from '../../lib/clock';
import { featuredSeason } from './season';

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
    const known = await readVersions(database.db);
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

type Versions = { dataVersion: number; editRevision: number };
/**
 * How long the versions read is reused. This process's own imports and admin edits drop it at once (they commit
 * in a transaction, db/writes.ts), so the keep-time only bounds how late another instance's edit is seen.
 */
export const VERSIONS_KEEP_MS = 1000;
const versionReads = recentRead<Versions>(VERSIONS_KEEP_MS);

/** The last import id and audit entry id, in one query, reused for a moment by the requests that follow. */
function readVersions(db: Db): Promise<Versions> {
  return versionReads.read(db, async () => {
    const [row] = await db
      .select({
        dataVersion: sql<number>`coalesce((select max(${dataImports.id}) from ${dataImports}), 0)::int`,
        editRevision: sql<number>`coalesce((select max(${auditEntries.id}) from ${auditEntries}), 0)::int`,
      })
      .from(sql`(select 1) as one`);
    return { dataVersion: Number(row?.dataVersion ?? 0), editRevision: Number(row?.editRevision ?? 0) };
  });
}

/** A change was announced (an import finished, here or on another instance): the next request reads afresh. */
export function forgetVersions(db: Db) {
  versionReads.forget(db);
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

/** The featured season, looked up once per racing-clock minute and data version. */
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

/** Sends a JSON answer; a public one from its prepared form (ETag and compressed bytes made once per body). */
export function sendJson(reply: FastifyReply, json: string, cacheControl: string) {
  reply.header('cache-control', cacheControl);
  if (cacheControl.startsWith('public')) return sendPreparedJson(reply, json);
  return reply.type('application/json; charset=utf-8').send(json);
}
