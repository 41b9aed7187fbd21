// The server test files that can open a test database, found by following their relative imports to the test
// database helpers (apps/server/src/test/database.ts, which reads TEST_POSTGRES_URL). The PostgreSQL pass of
// `npm test` runs these alone: the others (pure functions, the embedded database, Redis, the live-timing hub) do the
// same work whatever the database, and already ran in the PGlite pass. A file that opens a database only to build an
// app, and tests what does not read it (the replays' memory under a flood of archive sessions), says so with the line
// SAME_ON_EVERY_DATABASE and is left out too.
import fs from 'node:fs';
import path from 'node:path';

const DATABASE_HELPER = path.join('apps', 'server', 'src', 'test', 'database.ts');
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;
const SAME_ON_EVERY_DATABASE = /^\/\/ SAME_ON_EVERY_DATABASE: /m;

/** The server's test files (relative to root) that reach the database helper through their imports. */
export function databaseTestFiles(root) {
  const serverSource = path.join(root, 'apps', 'server', 'src');
  const helper = path.join(root, DATABASE_HELPER);
  const reaches = new Map();
  const reachesHelper = (file, visiting = new Set()) => {
    if (file === helper) return true;
    if (reaches.has(file)) return reaches.get(file);
    if (visiting.has(file)) return false;
    visiting.add(file);
    const found = importsOf(file).some((imported) => reachesHelper(imported, visiting));
    visiting.delete(file);
    reaches.set(file, found);
    return found;
  };
  return fs
    .readdirSync(serverSource, { recursive: true })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(serverSource, file))
    .filter((file) => reachesHelper(file) && !SAME_ON_EVERY_DATABASE.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file))
    .sort();
}

function importsOf(file) {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(RELATIVE_IMPORT)].map((match) => resolve(path.dirname(file), match[1])).filter(Boolean);
}

function resolve(dir, specifier) {
  const base = path.resolve(dir, specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, '.ts'), path.join(base, 'index.ts')];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}
