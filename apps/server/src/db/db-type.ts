import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The drizzle instance every module queries, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
