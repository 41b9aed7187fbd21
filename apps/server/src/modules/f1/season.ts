import { desc, gte, max, ne } from 'drizzle-orm';
import type { DataVersion } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { dataImports, LIVE_TIMING_IMPORT, races } from '../../db/schema';
import type { Clock } from '../../lib/clock';

/**
 * The season the site features: that of the current or next race by the clock, else the latest
 * season in the data once the calendar has ended. SLIPSTREAM_SEASON overrides it.
 */
export async function featuredSeason(db: Db, clock: Clock, override?: number): Promise<number> {
  if (override) return override;
  const today = clock.now().toISOString().slice(0, 10);
  const [upcoming] = await db.select({ year: races.year }).from(races).where(gte(races.date, today)).orderBy(races.date).limit(1);
  if (upcoming) return upcoming.year;
  const [latest] = await db.select({ year: max(races.year) }).from(races);
  return latest?.year ?? clock.now().getUTCFullYear();
}

export async function latestDataVersion(db: Db): Promise<DataVersion | null> {
  // The data version names the F1DB data; provisional stores (data_imports rows too, for the cache) are not one.
  const [row] = await db.select().from(dataImports).where(ne(dataImports.source, LIVE_TIMING_IMPORT)).orderBy(desc(dataImports.id)).limit(1);
  if (!row) return null;
  return {
    source: row.source,
    version: row.version,
    dataDate: row.dataDate.toISOString(),
    importedAt: row.finishedAt.toISOString(),
  };
}
