import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { timingDriverList } from '../../db/schema';

/** A mapped driver's picture and team colour from the archive's DriverList (ingest/livetiming's DriverListEntry). */
export type StorableDriverListEntry = { driverId: string; constructorId: string; headshotUrl: string | null; teamColour: string | null };

/**
 * Keeps the season's latest DriverList facts per driver: each session read replaces what an earlier one said, so a
 * new headshot or a team's new colour shows after the next session. Only addresses are stored, never pictures.
 */
export async function storeDriverList(db: Db, year: number, sessionPath: string, entries: StorableDriverListEntry[], at: Date): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(timingDriverList)
    .values(entries.map((entry) => ({ year, ...entry, sessionPath, readAt: at })))
    .onConflictDoUpdate({
      target: [timingDriverList.year, timingDriverList.driverId],
      set: {
        constructorId: sql`excluded.constructor_id`,
        headshotUrl: sql`coalesce(excluded.headshot_url, ${timingDriverList.headshotUrl})`,
        teamColour: sql`coalesce(excluded.team_colour, ${timingDriverList.teamColour})`,
        sessionPath: sql`excluded.session_path`,
        readAt: sql`excluded.read_at`,
      },
    });
}

export async function hasDriverList(db: Db, year: number): Promise<boolean> {
  const [row] = await db.select({ year: timingDriverList.year }).from(timingDriverList).where(eq(timingDriverList.year, year)).limit(1);
  return row !== undefined;
}
