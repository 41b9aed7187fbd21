/**
 * `npm run news:refresh`: reads every configured feed once, now (schedule and backoff aside), and
 * prints what changed per source. Exits 1 when a source failed; what it had is kept either way.
 * With the embedded database it goes through the running server when there is one (db/embedded.ts).
 */
import type { NewsRefreshResult } from '@slipstream/contract';
import { ConfigError, loadConfig } from '../../config';
import { EmbeddedDatabaseBusy, openCommandDatabase } from '../../db/embedded';
import { keepDataDirPrivate } from '../../lib/private-files';
import { countItemsBySource } from './store';
import { refreshFeeds } from './refresh';

function describe(result: NewsRefreshResult, kept: number): string {
  if (result.status === 'failed') return `failed: ${result.error} (keeping its ${kept} items)`;
  if (result.status === 'not-modified') return 'not modified since the last read';
  return `${result.inserted} new, ${result.updated} updated, ${result.unchanged} unchanged, ${result.skipped} skipped`;
}

async function main() {
  const config = loadConfig();
  keepDataDirPrivate(config.dataDir);
  if (config.newsFeeds.length === 0) {
    console.log('No news feed is configured (NEWS_FEEDS).');
    return;
  }
  const database = await openCommandDatabase(config, 'news:refresh');
  try {
    await database.migrate();
    const results = await refreshFeeds(database.db, config.newsFeeds, {
      timeoutMs: config.newsFetchTimeoutMs,
      maxBytes: config.newsMaxFeedBytes,
    });
    const counts = await countItemsBySource(database.db);
    const width = Math.max(...results.map((result) => result.source.length));
    for (const result of results) {
      console.log(`${result.source.padEnd(width)}  ${describe(result, counts.get(result.source) ?? 0)}`);
    }
    if (results.some((result) => result.status === 'failed')) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof EmbeddedDatabaseBusy ? error.message : error);
  process.exit(1);
});
