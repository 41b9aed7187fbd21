/** What the feed reader stores: each source's fetch state and the items it read. The news module shows and edits them. */
import { count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsItems, newsSources } from '../../db/schema';
import type { FeedEntry } from './parse';

export type NewsSourceRow = typeof newsSources.$inferSelect;

/** The fields a feed may refresh on an item it already gave us. */
export const feedFields = ['title', 'author', 'publishedAt', 'description', 'categories', 'link', 'imageUrl'] as const;

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

export async function countItemsBySource(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ source: newsItems.source, items: count() })
    .from(newsItems)
    .where(isNull(newsItems.removedAt))
    .groupBy(newsItems.source);
  return new Map(rows.map((row) => [row.source, row.items]));
}
