import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sourceStatus, type FreshnessSource } from '../../db/schema';

export type SourceStatusRow = typeof sourceStatus.$inferSelect;
export type SourceStatusUpdate = Partial<Omit<SourceStatusRow, 'source'>>;

/** Writes what a source's job just did; the fields left out keep their value. */
export async function recordSourceStatus(db: Db, source: FreshnessSource, update: SourceStatusUpdate): Promise<void> {
  if (Object.keys(update).length === 0) return;
  await db
    .insert(sourceStatus)
    .values({ source, ...update })
    .onConflictDoUpdate({
      target: sourceStatus.source,
      set: Object.fromEntries(Object.keys(update).map((field) => [field, sql.raw(`excluded."${sourceStatus[field as keyof SourceStatusUpdate].name}"`)])),
    });
}

export async function readSourceStatus(db: Db): Promise<Map<FreshnessSource, SourceStatusRow>> {
  const rows = await db.select().from(sourceStatus);
  return new Map(rows.map((row) => [row.source, row]));
}

/** A job's step that failed, as the dashboard shows it: the message of the error and of its cause. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
