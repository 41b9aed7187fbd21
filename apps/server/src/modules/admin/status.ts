import { count, desc, max, ne } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DataStatusResponse, NewsSourceStatus, RecomputeStandingsResponse } from '@slipstream/contract';
import type { NewsFeed } from '../../config';
import type { Db } from '../../db/client';
import {
  auditEntries,
  constructors,
  dataImports,
  drivers,
  LIVE_TIMING_IMPORT,
  newsItems,
  newsSources,
  raceDriverStandings,
  raceResults,
  races,
  users,
} from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { AuthenticatedUser } from '../auth/guard';
import { recordAudit } from './audit';

/** The tables whose size tells at a glance whether the site has its data. */
const MAIN_TABLES: [name: string, table: PgTable][] = [
  ['races', races],
  ['drivers', drivers],
  ['constructors', constructors],
  ['race_results', raceResults],
  ['race_driver_standings', raceDriverStandings],
  ['news_items', newsItems],
  ['users', users],
  ['audit_entries', auditEntries],
];

export async function dataStatus(db: Db, feeds: NewsFeed[]): Promise<DataStatusResponse> {
  const [[lastImport], [imports], sources, tables] = await Promise.all([
    db.select().from(dataImports).where(ne(dataImports.source, LIVE_TIMING_IMPORT)).orderBy(desc(dataImports.id)).limit(1),
    db.select({ n: count() }).from(dataImports).where(ne(dataImports.source, LIVE_TIMING_IMPORT)),
    db.select().from(newsSources),
    Promise.all(MAIN_TABLES.map(async ([name, table]) => ({ name, rows: (await db.select({ n: count() }).from(table))[0]?.n ?? 0 }))),
  ]);
  return {
    lastImport: lastImport
      ? {
          version: lastImport.version,
          dataDate: lastImport.dataDate.toISOString().slice(0, 10),
          startedAt: lastImport.startedAt.toISOString(),
          finishedAt: lastImport.finishedAt.toISOString(),
          changedRows: lastImport.changedRows,
        }
      : null,
    importCount: imports?.n ?? 0,
    newsSources: feeds.map((feed) => sourceStatus(feed, sources.find((row) => row.name === feed.source))),
    tables,
  };
}

function sourceStatus(feed: NewsFeed, row: typeof newsSources.$inferSelect | undefined): NewsSourceStatus {
  return {
    name: feed.source,
    url: feed.url,
    lastAttemptAt: row?.lastAttemptAt?.toISOString() ?? null,
    lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
    lastFailureAt: row?.lastFailureAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
    consecutiveFailures: row?.consecutiveFailures ?? 0,
  };
}

/**
 * "Recompute standings". Standings are not derived here: F1DB ships them per race and per season, and the
 * import stores them as they are (a re-import refreshes them). What this server derives from them are the
 * cached F1 answers, keyed by the last audit entry (f1/context.ts); so this records an audit entry, which
 * drops every cached answer, and the next read of each page computes it afresh from the stored tables.
 */
export async function recomputeStandings(
  db: Db,
  actor: Pick<AuthenticatedUser, 'id' | 'email'>,
  clock: Clock,
): Promise<RecomputeStandingsResponse> {
  const cacheRevision = await db.transaction(async (tx) => {
    const [before] = await tx.select({ id: max(auditEntries.id) }).from(auditEntries);
    await recordAudit(tx, {
      actor,
      at: clock.now(),
      action: 'standings.recompute',
      target: { type: 'cache', id: 'f1' },
      before: { cacheRevision: before?.id ?? 0 },
      after: { cachedF1Answers: 'dropped' },
    });
    const [after] = await tx.select({ id: max(auditEntries.id) }).from(auditEntries);
    return after?.id ?? 0;
  });
  return {
    message: 'Cached standings and other F1 answers were dropped; each is recomputed from the stored results and standings on its next read.',
    cacheRevision,
  };
}
