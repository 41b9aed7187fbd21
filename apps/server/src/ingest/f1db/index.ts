import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { races } from '../../db/schema';

export type ImportSummary = {
  version: string;
  changedRows: number;
  counts: Record<string, number>;
  durationMs: number;
};

export async function hasF1Data(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(races);
  return (row?.n ?? 0) > 0;
}

export async function importF1db(_db: Db, _options: { dir: string }): Promise<ImportSummary> {
  throw new Error('F1DB importer not written yet');
}
