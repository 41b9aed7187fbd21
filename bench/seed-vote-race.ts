/**
 * Migrates the database at argv[2] and fills it with the small F1 dataset of the server tests (Australia, China
 * and Japan 2025): with the clock pinned at 2025-03-25T12:00Z, China's Fan's Choice vote is open. Used by the
 * scale-out and fault scripts, which need a race to vote on but not the whole F1DB import.
 */
import { openDatabase } from '../apps/server/src/db/client';
import { seedF1 } from '../apps/server/src/test/f1-seed';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: seed-vote-race.ts <postgres url>');
const database = await openDatabase({ databaseUrl, dataDir: '' });
await database.migrate();
await seedF1(database.db);
await database.close();
