/**
 * `npm run import:timing -- --season 2024 [--pause-ms 2000]`: reads the lap-by-lap timing of every ended session
 * of the season from F1's live-timing archive (LIVETIMING_URL) into the database from the configuration, one
 * session at a time with a pause between them. Sessions stored by an earlier run are skipped, so a stopped run
 * resumes; the report lists what the archive lacks. First it stores the season index's start times of the sessions
 * F1DB does not time (before 2024).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { EmbeddedDatabaseBusy, openCommandDatabase } from '../../db/embedded';
import { keepDataDirPrivate } from '../../lib/private-files';
import { createArchiveClient } from '../livetiming';
import { backfillSeasonTiming } from './backfill';
import { storeSeasonSessionStarts } from './session-starts';

const DEFAULT_PAUSE_MS = 2_000;

async function main() {
  const { values } = parseArgs({ options: { season: { type: 'string' }, 'pause-ms': { type: 'string' } } });
  const season = Number(values.season);
  const pauseMs = values['pause-ms'] === undefined ? DEFAULT_PAUSE_MS : Number(values['pause-ms']);
  if (!Number.isInteger(season) || season < 2018) throw new UsageError('--season YEAR is needed: the archive has seasons since 2018');
  if (!Number.isFinite(pauseMs) || pauseMs < 0) throw new UsageError('--pause-ms must be a number of milliseconds');
  const config = loadConfig();
  keepDataDirPrivate(config.dataDir);
  const database = await openCommandDatabase(config, 'import:timing');
  try {
    await database.migrate();
    console.log(`Reading the ${season} sessions' timing from ${config.liveTimingUrl} into ${database.description}`);
    const client = createArchiveClient({ baseUrl: config.liveTimingUrl });
    console.log(`  Start times from the season index for ${await storeSeasonSessionStarts(database.db, client, season)} sessions F1DB does not time.`);
    const report = await backfillSeasonTiming({
      db: database.db,
      client,
      season,
      now: config.pinnedNow ?? new Date(),
      pauseMs,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(`Stored ${report.stored.length} sessions; ${report.skipped} already stored.`);
    if (report.lacking.length > 0) console.log(['What the archive lacks:', ...report.lacking.map((line) => `  ${line}`)].join('\n'));
    if (report.failed.length > 0) {
      console.log(['Failed (run again to retry):', ...report.failed.map((line) => `  ${line}`)].join('\n'));
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  const expected = error instanceof UsageError || error instanceof ConfigError || error instanceof EmbeddedDatabaseBusy;
  console.error(expected ? (error as Error).message : error);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
