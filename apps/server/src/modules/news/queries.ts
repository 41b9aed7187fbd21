import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsItems, newsSources } from '../../db/schema';
import type { FeedEntry } from '../../ingest/news/parse';

export type NewsItemRow = typeof newsItems.$inferSelect;
export type NewsSourceRow = typeof newsSources.$inferSelect;

/** The fields a feed may refresh on an item it already gave us. */
const feedFields = ['title', 'author', 'publishedAt', 'description', 'categories', 'link', 'imageUrl'] as const;

const excluded = (field: (typeof feedFields)[number]) => sql.raw(`excluded."${newsItems[field].name}"`);

/**
 * Inserts new entries and refreshes changed ones, in one statement. Items an admin edited or removed
 * stay as they are; identical ones are not touched, so reading the same feed twice changes nothing.
 */
export async function storeFeedEntries(db: Db, source: string, entries: FeedEntry[]): Promise<{ inserted: number; updated: number }> {
  if (entries.length === 0) return { inserted: 0, updated: 0 };
  const current = sql.join(feedFields.map((field) => sql`${newsItems[field]}`), sql`, `);
  const incoming = sql.join(feedFields.map(excluded), sql`, `);
  const rows = await db
    .insert(newsItems)
    .values(entries.map(({ key, ...entry }) => ({ ...entry, source, externalKey: key })))
    .onConflictDoUpdate({
      target: [newsItems.source, newsItems.externalKey],
      set: { ...Object.fromEntries(feedFields.map((field) => [field, excluded(field)])), updatedAt: sql`now()` },
      setWhere: sql`${newsItems.editedAt} is null and ${newsItems.removedAt} is null and (${current}) is distinct from (${incoming})`,
    })
    // xmax is 0 only on a row this statement inserted (not on one it updated).
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

export async function findSource(db: Db, name: string): Promise<NewsSourceRow | undefined> {
  const [row] = await db.select().from(newsSources).where(eq(newsSources.name, name));
  return row;
}

export async function listSources(db: Db): Promise<NewsSourceRow[]> {
  return db.select().from(newsSources);
}

/** A successful fetch; validators are those of the new document, or undefined after a 304. */
export async function recordSuccess(
  db: Db,
  source: { name: string; url: string },
  at: Date,
  validators?: { etag: string | null; lastModified: string | null },
) {
  const values = { url: source.url, lastAttemptAt: at, lastSuccessAt: at, consecutiveFailures: 0, ...validators };
  await db
    .insert(newsSources)
    .values({ name: source.name, ...values })
    .onConflictDoUpdate({ target: newsSources.name, set: values });
}

/** A failed fetch: the reason is kept, the items and the validators are not touched. */
export async function recordFailure(db: Db, source: { name: string; url: string }, at: Date, reason: string) {
  await db
    .insert(newsSources)
    .values({ name: source.name, url: source.url, lastAttemptAt: at, lastFailureAt: at, lastError: reason, consecutiveFailures: 1 })
    .onConflictDoUpdate({
      target: newsSources.name,
      set: {
        url: source.url,
        lastAttemptAt: at,
        lastFailureAt: at,
        lastError: reason,
        consecutiveFailures: sql`${newsSources.consecutiveFailures} + 1`,
      },
    });
}

/** Newest first: by the feed's date, or by when we first saw the item when the feed gave none. */
const newestFirst = [desc(sql`coalesce(${newsItems.publishedAt}, ${newsItems.firstSeenAt})`), desc(newsItems.id)];

export async function listItems(db: Db, options: { source?: string; limit: number }): Promise<NewsItemRow[]> {
  const visible: SQL[] = [isNull(newsItems.removedAt)];
  if (options.source) visible.push(eq(newsItems.source, options.source));
  return db
    .select()
    .from(newsItems)
    .where(and(...visible))
    .orderBy(...newestFirst)
    .limit(options.limit);
}

export async function countItemsBySource(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ source: newsItems.source, items: count() })
    .from(newsItems)
    .where(isNull(newsItems.removedAt))
    .groupBy(newsItems.source);
  return new Map(rows.map((row) => [row.source, row.items]));
}

export type ItemFields = Pick<NewsItemRow, (typeof feedFields)[number]>;

/** An item added by hand; its key can never meet a feed's. */
export async function insertManualItem(db: Db, source: string, fields: ItemFields, at: Date): Promise<NewsItemRow> {
  const [row] = await db
    .insert(newsItems)
    .values({ ...fields, source, externalKey: `manual:${randomUUID()}`, editedAt: at })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Changes a visible item by hand; undefined when there is no such item. */
export async function updateItem(db: Db, id: string, fields: Partial<ItemFields>, at: Date): Promise<NewsItemRow | undefined> {
  const [row] = await db
    .update(newsItems)
    .set({ ...fields, editedAt: at, updatedAt: at })
    .where(and(eq(newsItems.id, id), isNull(newsItems.removedAt)))
    .returning();
  return row;
}

/** Hides an item for good (the row stays so the feed cannot bring it back); false when unknown. */
export async function removeItem(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(newsItems)
    .set({ removedAt: at, updatedAt: at })
    .where(and(eq(newsItems.id, id), isNull(newsItems.removedAt)))
    .returning({ id: newsItems.id });
  return rows.length > 0;
}
