import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import {
  OFFICIAL_NEWS_LIMIT,
  OFFICIAL_NEWS_SOURCE,
  RACEFANS_NEWS_SOURCE,
  UNKNOWN_AUTHOR,
  type OfficialNewsItem,
  type RaceFansNewsItem,
} from '@slipstream/contract';
import { formatDate, formatDateTime } from '../../lib/time';
import { Button } from '../../lib/ui/Button';
import { Spinner } from '../../lib/ui/Spinner';
import { ExternalIcon } from '../../lib/ui/icons';
import { newsSourcesQuery, officialNewsQuery, raceFansNewsQuery } from './queries';
import styles from './LatestNews.module.css';

/** RaceFans cards shown before "See more RaceFans news" (docs/product.md, Home). */
const RACEFANS_PREVIEW = 2;

const SOURCE_LABEL: Record<string, string> = { [OFFICIAL_NEWS_SOURCE]: 'Formula 1', [RACEFANS_NEWS_SOURCE]: 'RaceFans' };

/**
 * The home page's "Latest News": the official site's latest items and RaceFans cards, read by our
 * server from their feeds. Failures are only logged (query cache); an empty list says so honestly.
 */
export function LatestNews() {
  const official = useQuery(officialNewsQuery);
  const raceFans = useQuery(raceFansNewsQuery);

  return (
    <section className={styles.news} aria-labelledby="latest-news">
      <h2 id="latest-news">Latest News</h2>
      {official.isPending || raceFans.isPending ? (
        <div className={styles.loading}>
          <Spinner label="Loading news…" />
        </div>
      ) : official.isError && raceFans.isError ? (
        <p className={styles.note}>News is unavailable right now.</p>
      ) : (
        <>
          <NewsSource source={OFFICIAL_NEWS_SOURCE} failed={official.isError} count={official.data?.items.length ?? 0}>
            <OfficialNews items={official.data?.items ?? []} />
          </NewsSource>
          <NewsSource source={RACEFANS_NEWS_SOURCE} failed={raceFans.isError} count={raceFans.data?.length ?? 0}>
            <RaceFansNews items={raceFans.data ?? []} />
          </NewsSource>
        </>
      )}
    </section>
  );
}

type NewsSourceProps = { source: string; failed: boolean; count: number; children: ReactNode };

/** One source's heading, then its items, or why there are none. */
function NewsSource({ source, failed, count, children }: NewsSourceProps) {
  const label = SOURCE_LABEL[source] ?? source;
  const headingId = useId();
  return (
    <section className={styles.source} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sourceTitle}>
        {label}
      </h3>
      {failed ? (
        <p className={styles.note}>{label} news is unavailable right now.</p>
      ) : count === 0 ? (
        <EmptySource source={source} label={label} />
      ) : (
        children
      )}
    </section>
  );
}

/** No items stored: say so, and when the feed was last read, if the server can tell. */
function EmptySource({ source, label }: { source: string; label: string }) {
  const sources = useQuery(newsSourcesQuery);
  const state = sources.data?.sources.find((candidate) => candidate.name === source);
  return (
    <p className={styles.note}>
      No {label} news to show yet.
      {state && ` ${lastReadSentence(state.lastSuccessAt, state.lastFailureAt)}`}
    </p>
  );
}

/** The latest attempt decides: a failure after the last success means the feed cannot be reached now. */
function lastReadSentence(lastSuccessAt: string | null, lastFailureAt: string | null): string {
  const failingNow = lastFailureAt !== null && (lastSuccessAt === null || Date.parse(lastFailureAt) > Date.parse(lastSuccessAt));
  if (failingNow) {
    const lastRead = lastSuccessAt ? `; last read on ${formatDateTime(lastSuccessAt)}` : '';
    return `The feed cannot be reached (last try ${formatDateTime(lastFailureAt)}${lastRead}).`;
  }
  if (lastSuccessAt) return `The feed was last read on ${formatDateTime(lastSuccessAt)}.`;
  return 'The site has not managed to read the feed yet.';
}

function OfficialNews({ items }: { items: OfficialNewsItem[] }) {
  return (
    <ul className={styles.official}>
      {items.slice(0, OFFICIAL_NEWS_LIMIT).map((item) => (
        <li key={item.id}>
          <a className={styles.officialLink} href={item.link} target="_blank" rel="noopener noreferrer">
            <Thumbnail src={item.thumbnail?.image.path ?? null} source={SOURCE_LABEL[OFFICIAL_NEWS_SOURCE]!} />
            <span className={styles.officialText}>
              <span className={styles.officialTitle}>
                {item.title}
                <NewTab />
              </span>
              <span className={styles.byline}>
                <span>{SOURCE_LABEL[OFFICIAL_NEWS_SOURCE]}</span>
                <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The article's picture, or, when it has none or it fails to load (offline, say), a panel in the style of F1's
 * graphics that names the source: never a broken image, never an empty box.
 */
function Thumbnail({ src, source }: { src: string | null; source: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || src === failedSrc) {
    return (
      <span className={styles.thumbnail} data-empty="" aria-hidden="true">
        <span className={styles.placeholderSource}>{source}</span>
      </span>
    );
  }
  return (
    <img
      className={styles.thumbnail}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      width={320}
      height={180}
      onError={() => setFailedSrc(src)}
    />
  );
}

function RaceFansNews({ items }: { items: RaceFansNewsItem[] }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = expanded ? items : items.slice(0, RACEFANS_PREVIEW);
  return (
    <>
      <ul id={listId} className={styles.raceFans}>
        {shown.map((item) => (
          <li key={item._id}>
            <RaceFansCard item={item} />
          </li>
        ))}
      </ul>
      {items.length > RACEFANS_PREVIEW && (
        <Button
          variant="secondary"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'See less' : 'See more RaceFans news'}
        </Button>
      )}
    </>
  );
}

function RaceFansCard({ item }: { item: RaceFansNewsItem }) {
  const category = item.categorii[0];
  return (
    <article className={styles.card}>
      {category && <p className={styles.category}>{category}</p>}
      <h4 className={styles.cardTitle}>{item.titlu}</h4>
      <p className={styles.byline}>
        <span>{SOURCE_LABEL[RACEFANS_NEWS_SOURCE]}</span>
        <span>By {item.autor.trim() || UNKNOWN_AUTHOR}</span>
        <time dateTime={item.dataPublicare}>{formatDate(item.dataPublicare)}</time>
      </p>
      {item.descriere && <p className={styles.description}>{item.descriere}</p>}
      <a className={styles.readMore} href={item.linkPost} target="_blank" rel="noopener noreferrer">
        <span className="visually-hidden">{item.titlu}: </span>
        Read on RaceFans
        <NewTab />
      </a>
    </article>
  );
}

function NewTab() {
  return (
    <>
      <ExternalIcon className={styles.external} size={16} />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </>
  );
}
