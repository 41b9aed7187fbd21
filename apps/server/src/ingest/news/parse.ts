import { XMLValidator } from 'fast-xml-parser';
import { parseFeed, type AnyFeed, type AtomFeed, type MediaNs, type RssFeed } from 'feedsmith';
import { NEWS_TEXT_LIMITS, UNKNOWN_AUTHOR } from '@slipstream/contract';
import { plainText } from '../../lib/html';
import { httpUrlOrNull } from '../../lib/url';

/** One feed item as stored: plain text, http(s) links only. */
export type FeedEntry = {
  /** The item's identity within its source: its guid (Atom id), else its link. */
  key: string;
  title: string;
  author: string;
  publishedAt: Date | null;
  description: string;
  categories: string[];
  link: string;
  imageUrl: string | null;
};

export type ParsedFeed = {
  entries: FeedEntry[];
  /** Items left out: no title, no http(s) link, or a repeat of an earlier item's key. */
  skipped: number;
};

/** A document that is not a well-formed RSS 2.0 or Atom feed; nothing of it is stored. */
export class FeedParseError extends Error {}

/** Feeds list their latest items; more than this is not news any more. */
const MAX_ENTRIES = 200;

/** What an RSS item or an Atom entry says, before it is cleaned. */
type RawEntry = {
  guid?: string;
  link: string | null;
  title?: string;
  author?: string;
  date?: string;
  description?: string;
  categories: Array<string | undefined>;
  images: Array<string | undefined>;
};

export function parseFeedDocument(xml: string, feedUrl: string): ParsedFeed {
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    throw new FeedParseError(`malformed XML: ${validation.err.msg} (line ${validation.err.line})`);
  }
  const raw = readEntries(xml, feedUrl);
  const entries = new Map<string, FeedEntry>();
  for (const item of raw) {
    const entry = clean(item, feedUrl);
    if (entry && !entries.has(entry.key)) entries.set(entry.key, entry);
  }
  return { entries: [...entries.values()], skipped: raw.length - entries.size };
}

function readEntries(xml: string, feedUrl: string): RawEntry[] {
  let parsed: AnyFeed;
  try {
    parsed = parseFeed(xml, { maxItems: MAX_ENTRIES });
  } catch (error) {
    throw new FeedParseError(`not an RSS or Atom feed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (parsed.format === 'rss') return (parsed.feed.items ?? []).map((item) => fromRssItem(item, feedUrl));
  if (parsed.format === 'atom') return (parsed.feed.entries ?? []).map((entry) => fromAtomEntry(entry, parsed.feed, feedUrl));
  throw new FeedParseError(`not an RSS or Atom feed: ${parsed.format.toUpperCase()} is not read`);
}

function fromRssItem(item: RssFeed.Item<string>, feedUrl: string): RawEntry {
  const permalink = item.guid?.isPermaLink === false ? null : httpUrlOrNull(item.guid?.value);
  return {
    guid: item.guid?.value,
    link: httpUrlOrNull(item.link, feedUrl) ?? permalink,
    title: item.title,
    author: item.dc?.creators?.[0] ?? item.authors?.find((person) => person.name)?.name,
    date: item.pubDate ?? item.dc?.dates?.[0],
    description: item.description ?? item.content?.encoded,
    categories: item.categories?.map((category) => category.name) ?? [],
    images: [
      ...(item.enclosures ?? []).filter((enclosure) => isImage(enclosure.type, enclosure.url)).map((enclosure) => enclosure.url),
      ...mediaImages(item.media),
    ],
  };
}

function fromAtomEntry(entry: AtomFeed.Entry<string>, feed: AtomFeed.Feed<string>, feedUrl: string): RawEntry {
  const alternate = entry.links?.find((link) => !link.rel || link.rel === 'alternate');
  const enclosures = entry.links?.filter((link) => link.rel === 'enclosure' && isImage(link.type, link.href)) ?? [];
  return {
    guid: entry.id,
    link: httpUrlOrNull(alternate?.href, feedUrl),
    title: entry.title?.value,
    author: entry.authors?.[0]?.name ?? feed.authors?.[0]?.name ?? entry.dc?.creators?.[0],
    date: entry.published ?? entry.updated ?? entry.dc?.dates?.[0],
    description: entry.summary?.value ?? entry.content?.value,
    categories: entry.categories?.map((category) => category.label ?? category.term) ?? [],
    images: [...enclosures.map((link) => link.href), ...mediaImages(entry.media)],
  };
}

/** media:content images first (also inside media:group), then any media:thumbnail. */
function mediaImages(media: MediaNs.ItemOrFeed | undefined): Array<string | undefined> {
  if (!media) return [];
  const groups = media.groups ?? [];
  const contents = [...(media.contents ?? []), ...groups.flatMap((group) => group.contents ?? [])];
  const images = contents.filter((content) => (content.medium ? content.medium === 'image' : isImage(content.type, content.url)));
  const thumbnails = [media, ...groups, ...contents].flatMap((holder) => holder.thumbnails ?? []);
  return [...images.map((content) => content.url), ...thumbnails.map((thumbnail) => thumbnail.url)];
}

function isImage(type: string | undefined, url: string | undefined): boolean {
  if (type) return type.startsWith('image/');
  return /\.(jpe?g|png|gif|webp|avif)(\?|#|$)/i.test(url ?? '');
}

function clean(item: RawEntry, feedUrl: string): FeedEntry | null {
  const limits = NEWS_TEXT_LIMITS;
  const title = plainText(item.title ?? '', limits.title);
  if (!title || !item.link) return null;
  const date = item.date ? new Date(item.date) : null;
  return {
    key: item.guid?.trim() || item.link,
    title,
    author: plainText(item.author ?? '', limits.author) || UNKNOWN_AUTHOR,
    publishedAt: date && !Number.isNaN(date.getTime()) ? date : null,
    description: plainText(item.description ?? '', limits.description),
    categories: cleanCategories(item.categories),
    link: item.link,
    imageUrl: item.images.map((image) => httpUrlOrNull(image, feedUrl)).find((url) => url !== null) ?? null,
  };
}

export function cleanCategories(categories: Array<string | undefined>): string[] {
  const names = categories.map((category) => plainText(category ?? '', NEWS_TEXT_LIMITS.category)).filter(Boolean);
  return [...new Set(names)].slice(0, NEWS_TEXT_LIMITS.categories);
}
