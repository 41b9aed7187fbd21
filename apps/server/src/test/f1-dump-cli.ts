/**
 * `npx tsx apps/server/src/test/f1-dump-cli.ts`: makes the PGlite dump of the full F1DB data that the tests load
 * (f1-database.ts) when it is not made yet. `npm test` runs it beside the static checks, so the test files that need
 * the data find it ready instead of waiting a minute for one of them to import F1DB.
 */
import { prepareF1Dump } from './f1-database';

console.log(`F1 test data: ${await prepareF1Dump()}`);
