import { z } from './zod';
import { OFFICIAL_NEWS_LIMIT } from './values';

/**
 * News read from the configured feeds (and added by hand by an admin). Answers in the product's shapes keep its field
 * names (titlu, autor, dataPublicare...: docs/product.md, Across the site); the rest uses plain English. Text fields are
 * plain text (HTML is reduced to its text when stored), links are http(s) only, times ISO 8601 in UTC.
 */

/** The most each stored field holds, for feed items and hand-made ones alike. */
export const NEWS_TEXT_LIMITS = { title: 300, author: 100, description: 2000, category: 60, categories: 10 } as const;

export const newsSourceName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a source name: lower-case letters, digits and hyphens, at most 40');

export const httpUrl = z.url({ protocol: /^https?$/, message: 'an http or https URL' }).max(2000);

const listLimit = (max: number, fallback: number) => {
  const error = `a whole number from 1 to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(1, { error }).max(max, { error }).default(fallback);
};

/** GET /api/news/official?limit= */
export const officialNewsQuery = z.object({ limit: listLimit(OFFICIAL_NEWS_LIMIT, OFFICIAL_NEWS_LIMIT) });
export type OfficialNewsQuery = z.infer<typeof officialNewsQuery>;

export const officialNewsItem = z.object({
  id: z.string(),
  /** The article's slug: the last segment of its link, or its title in slug form. */
  slug: z.string(),
  title: z.string(),
  /** The official item's thumbnail.image.path (docs/product.md, Home); null when the feed gave no image. */
  thumbnail: z.object({ image: z.object({ path: z.string() }) }).nullable(),
  link: z.string(),
  publishedAt: z.string(),
});
export type OfficialNewsItem = z.infer<typeof officialNewsItem>;
export const officialNewsResponse = z.object({ items: z.array(officialNewsItem) });
export type OfficialNewsResponse = z.infer<typeof officialNewsResponse>;

/** GET /api/stiri-rf?limit= */
export const raceFansNewsQuery = z.object({ limit: listLimit(100, 20) });
export type RaceFansNewsQuery = z.infer<typeof raceFansNewsQuery>;

export const raceFansNewsItem = z.object({
  _id: z.string(),
  titlu: z.string(),
  /** "Unknown" when the feed names no author. */
  autor: z.string(),
  dataPublicare: z.string(),
  descriere: z.string(),
  categorii: z.array(z.string()),
  linkPost: z.string(),
});
export type RaceFansNewsItem = z.infer<typeof raceFansNewsItem>;
export const raceFansNewsResponse = z.array(raceFansNewsItem);
export type RaceFansNewsResponse = z.infer<typeof raceFansNewsResponse>;

/** GET /api/news?source=&limit=: any configured source (or all), newest first. */
export const newsListQuery = z.object({ source: newsSourceName.optional(), limit: listLimit(100, 20) });
export type NewsListQuery = z.infer<typeof newsListQuery>;

export const newsItem = z.object({
  id: z.string(),
  source: z.string(),
  title: z.string(),
  author: z.string(),
  publishedAt: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  link: z.string(),
  imageUrl: z.string().nullable(),
  /** Set once an admin changed the item by hand; the feed no longer overwrites it then. */
  editedAt: z.string().nullable(),
});
export type NewsItem = z.infer<typeof newsItem>;
export const newsListResponse = z.object({ items: z.array(newsItem) });
export type NewsListResponse = z.infer<typeof newsListResponse>;

/** GET /api/news/sources: each configured feed and how its last fetches went. */
export const newsSource = z.object({
  name: z.string(),
  url: z.string(),
  everyMinutes: z.number().int(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  /** Why the last failed fetch failed; kept after a later success, so compare the two times. */
  lastError: z.string().nullable(),
  itemCount: z.number().int(),
});
export type NewsSource = z.infer<typeof newsSource>;
export const newsSourcesResponse = z.object({ sources: z.array(newsSource) });
export type NewsSourcesResponse = z.infer<typeof newsSourcesResponse>;

/** What one ingestion did to one source: POST /api/admin/news/refresh and `npm run news:refresh`. */
export const newsRefreshResult = z.object({
  source: z.string(),
  /** fetched: a new document was read; not-modified: the server answered 304; failed: see error. */
  status: z.enum(['fetched', 'not-modified', 'failed']),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Items without a title or an http(s) link, or repeated within the document. */
  skipped: z.number().int(),
  error: z.string().nullable(),
});
export type NewsRefreshResult = z.infer<typeof newsRefreshResult>;
export const newsRefreshResponse = z.object({ sources: z.array(newsRefreshResult) });
export type NewsRefreshResponse = z.infer<typeof newsRefreshResponse>;

/** PATCH and DELETE /api/admin/news/:id */
export const newsItemParams = z.object({ id: z.uuid({ message: 'a news item id' }) });

const limits = NEWS_TEXT_LIMITS;
const editableFields = {
  title: z.string().trim().min(1).max(limits.title),
  author: z.string().trim().min(1).max(limits.author),
  publishedAt: z.iso.datetime({ offset: true, message: 'an ISO 8601 instant, e.g. 2025-07-05T12:00:00Z' }),
  description: z.string().trim().max(limits.description),
  categories: z.array(z.string().trim().min(1).max(limits.category)).max(limits.categories),
  link: httpUrl,
  imageUrl: httpUrl.nullable(),
};

/** POST /api/admin/news: author defaults to "Unknown", publishedAt to now. */
export const newsItemCreate = z
  .object({
    source: newsSourceName,
    title: editableFields.title,
    link: editableFields.link,
    author: editableFields.author.optional(),
    publishedAt: editableFields.publishedAt.optional(),
    description: editableFields.description.default(''),
    categories: editableFields.categories.default([]),
    imageUrl: editableFields.imageUrl.default(null),
  })
  .strict();
export type NewsItemCreate = z.infer<typeof newsItemCreate>;

/** PATCH /api/admin/news/:id: only the fields sent change. */
export const newsItemUpdate = z
  .object(editableFields)
  .partial()
  .strict()
  .refine((fields) => Object.keys(fields).length > 0, { message: 'send at least one field to change' });
export type NewsItemUpdate = z.infer<typeof newsItemUpdate>;
