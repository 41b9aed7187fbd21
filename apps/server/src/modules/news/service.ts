import {
  NEWS_TEXT_LIMITS,
  OFFICIAL_NEWS_SOURCE,
  RACEFANS_NEWS_SOURCE,
  UNKNOWN_AUTHOR,
  slugify,
  type NewsItem,
  type NewsItemCreate,
  type NewsItemUpdate,
  type NewsListQuery,
  type NewsListResponse,
  type NewsRefreshResponse,
  type NewsSourcesResponse,
  type OfficialNewsItem,
  type OfficialNewsResponse,
  type RaceFansNewsItem,
  type RaceFansNewsResponse,
} from '@slipstream/contract';
import type { Config, NewsFeed } from '../../config';
import type { Db } from '../../db/client';
import type { FetchLimits } from '../../ingest/news/fetch';
import { cleanCategories } from '../../ingest/news/parse';
import { refreshFeeds } from '../../ingest/news/refresh';
import { countItemsBySource } from '../../ingest/news/store';
import { badRequest, notFound } from '../../lib/errors';
import { plainText } from '../../lib/html';
import { keptReads, type DataRevision } from '../../lib/cache';
import {
  insertManualItem,
  listItems,
  listSources,
  removeItem,
  updateItem,
  type ItemFields,
  type NewsItemRow,
} from './queries';

/** How long a list answer is reused; an ingestion or an admin change clears it at once. */
const ANSWER_TTL_MS = 30_000;

export type NewsService = ReturnType<typeof createNewsService>;

export function newsFetchLimits(config: Config): Omit<FetchLimits, 'signal'> {
  return { timeoutMs: config.newsFetchTimeoutMs, maxBytes: config.newsMaxFeedBytes };
}

/** The app's one news service, over the configured feeds. */
export function newsServiceFor(config: Config, db: Db, revision: DataRevision): NewsService {
  return createNewsService({ db, revision, feeds: config.newsFeeds, limits: newsFetchLimits(config) });
}

export function createNewsService(deps: { db: Db; revision: DataRevision; feeds: NewsFeed[]; limits: Omit<FetchLimits, 'signal'> }) {
  const { db, revision, feeds, limits } = deps;
  const answers = keptReads<unknown>(revision, { keepMs: ANSWER_TTL_MS });
  const visibleItems = (source: string | undefined, limit: number) => listItems(db, { source, limit });

  const requireConfiguredSource = (name: string) => {
    if (feeds.some((feed) => feed.source === name)) return;
    const known = feeds.map((feed) => feed.source).join(', ') || 'none';
    throw badRequest(`Invalid source: ${name} is not a configured news source (configured: ${known})`);
  };

  return {
    officialNews(limit: number): Promise<OfficialNewsResponse> {
      return answers.read(`official:${limit}`, async () => ({
        items: (await visibleItems(OFFICIAL_NEWS_SOURCE, limit)).map(toOfficialItem),
      }));
    },

    raceFansNews(limit: number): Promise<RaceFansNewsResponse> {
      return answers.read(`racefans:${limit}`, async () => (await visibleItems(RACEFANS_NEWS_SOURCE, limit)).map(toRaceFansItem));
    },

    list({ source, limit }: NewsListQuery): Promise<NewsListResponse> {
      if (source) requireConfiguredSource(source);
      return answers.read(`list:${source ?? '*'}:${limit}`, async () => ({ items: (await visibleItems(source, limit)).map(toNewsItem) }));
    },

    sources(): Promise<NewsSourcesResponse> {
      return answers.read('sources', async () => {
        const [states, counts] = await Promise.all([listSources(db), countItemsBySource(db)]);
        return {
          sources: feeds.map((feed) => {
            const state = states.find((row) => row.name === feed.source);
            return {
              name: feed.source,
              url: feed.url,
              everyMinutes: feed.everyMinutes,
              lastSuccessAt: state?.lastSuccessAt?.toISOString() ?? null,
              lastFailureAt: state?.lastFailureAt?.toISOString() ?? null,
              lastError: state?.lastError ?? null,
              itemCount: counts.get(feed.source) ?? 0,
            };
          }),
        };
      });
    },

    /** Reads every feed now, whatever its schedule or backoff. */
    async refreshNow(): Promise<NewsRefreshResponse> {
      return { sources: await refreshFeeds(db, feeds, limits) };
    },

    async create(input: NewsItemCreate): Promise<NewsItem> {
      requireConfiguredSource(input.source);
      const at = new Date();
      const fields: ItemFields = {
        title: cleanTitle(input.title),
        author: cleanAuthor(input.author ?? UNKNOWN_AUTHOR),
        publishedAt: input.publishedAt ? new Date(input.publishedAt) : at,
        description: plainText(input.description, NEWS_TEXT_LIMITS.description),
        categories: cleanCategories(input.categories),
        link: input.link,
        imageUrl: input.imageUrl,
      };
      return toNewsItem(await insertManualItem(db, input.source, fields, at));
    },

    async update(id: string, changes: NewsItemUpdate): Promise<NewsItem> {
      const row = await updateItem(db, id, cleanChanges(changes), new Date());
      if (!row) throw notFound(`No news item ${id}`);
      return toNewsItem(row);
    },

    async remove(id: string): Promise<void> {
      if (!(await removeItem(db, id, new Date()))) throw notFound(`No news item ${id}`);
    },
  };
}

/** Text typed by an admin is stored like a feed's: plain text, so markup is never shown as such. */
function cleanTitle(title: string): string {
  const text = plainText(title, NEWS_TEXT_LIMITS.title);
  if (!text) throw badRequest('Invalid title: no text is left once the HTML is removed');
  return text;
}

function cleanAuthor(author: string): string {
  return plainText(author, NEWS_TEXT_LIMITS.author) || UNKNOWN_AUTHOR;
}

function cleanChanges(changes: NewsItemUpdate): Partial<ItemFields> {
  return {
    ...(changes.title !== undefined && { title: cleanTitle(changes.title) }),
    ...(changes.author !== undefined && { author: cleanAuthor(changes.author) }),
    ...(changes.publishedAt !== undefined && { publishedAt: new Date(changes.publishedAt) }),
    ...(changes.description !== undefined && { description: plainText(changes.description, NEWS_TEXT_LIMITS.description) }),
    ...(changes.categories !== undefined && { categories: cleanCategories(changes.categories) }),
    ...(changes.link !== undefined && { link: changes.link }),
    ...(changes.imageUrl !== undefined && { imageUrl: changes.imageUrl }),
  };
}

const publishedAt = (row: NewsItemRow) => (row.publishedAt ?? row.firstSeenAt).toISOString();

/** The article's own slug when its link has one ("/article/verstappen-wins.6Hx3" → "verstappen-wins"), else the title's. */
function articleSlug(row: NewsItemRow): string {
  const lastSegment = new URL(row.link).pathname.split('/').filter(Boolean).at(-1) ?? '';
  return slugify(lastSegment.split('.')[0] ?? '') || slugify(row.title);
}

function toOfficialItem(row: NewsItemRow): OfficialNewsItem {
  return {
    id: row.id,
    slug: articleSlug(row),
    title: row.title,
    thumbnail: row.imageUrl ? { image: { path: row.imageUrl } } : null,
    link: row.link,
    publishedAt: publishedAt(row),
  };
}

function toRaceFansItem(row: NewsItemRow): RaceFansNewsItem {
  return {
    _id: row.id,
    titlu: row.title,
    autor: row.author,
    dataPublicare: publishedAt(row),
    descriere: row.description,
    categorii: row.categories,
    linkPost: row.link,
  };
}

function toNewsItem(row: NewsItemRow): NewsItem {
  return {
    id: row.id,
    source: row.source,
    title: row.title,
    author: row.author,
    publishedAt: publishedAt(row),
    description: row.description,
    categories: row.categories,
    link: row.link,
    imageUrl: row.imageUrl,
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}
