import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * News items, from the feeds or added by an admin. A feed item is stored once per source, keyed by
 * its guid (or its link when it has none). Removing an item only hides it, so that the next
 * ingestion does not bring it back; an admin edit (editedAt) is never overwritten by the feed.
 */
export const newsItems = pgTable(
  'news_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull(),
    /** The feed's guid or link; "manual:<uuid>" for an item added by hand. */
    externalKey: text('external_key').notNull(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    /** As the feed dated it; null when it did not, then firstSeenAt stands in. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    description: text('description').notNull(),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    link: text('link').notNull(),
    imageUrl: text('image_url'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    unique('news_items_source_key').on(table.source, table.externalKey),
    index('news_items_source_date').on(table.source, sql`coalesce(${table.publishedAt}, ${table.firstSeenAt}) desc`),
  ],
);

/** How each feed's fetches went, and the validators for the next conditional request. */
export const newsSources = pgTable('news_sources', {
  name: text('name').primaryKey(),
  /** The URL the validators below belong to; a changed URL starts afresh. */
  url: text('url').notNull(),
  etag: text('etag'),
  lastModified: text('last_modified'),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lastError: text('last_error'),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
});
