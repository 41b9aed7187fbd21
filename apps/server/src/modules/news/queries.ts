import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsItems, newsSources } from '../../db/schema';
import type { feedFields, NewsSourceRow } from '../../ingest/news/store';

export type NewsItemRow = typeof newsItems.$inferSelect;

export async function listSources(db: Db): Promise<NewsSourceRow[]> {
  return db.select().from(newsSources);
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
