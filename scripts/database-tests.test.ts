import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseTestFiles } from './database-tests.mjs';

/** A throw-away tree shaped like the repository: files (path → source) under root. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-database-tests-'));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), source);
  }
  return root;
}

describe('the server test files of the PostgreSQL pass', () => {
  it('are those that reach the test database helper through their relative imports, directly or not', () => {
    const root = tree({
      'apps/server/src/test/database.ts': 'export const openTestDatabase = 1;',
      'apps/server/src/test/app.ts': "import { openTestDatabase } from './database';",
      'apps/server/src/modules/votes/votes.test.ts': "import { buildTestApp } from '../../test/app';",
      'apps/server/src/modules/news/news.test.ts': "const { openTestDatabase } = await import('../../test/database');",
      'apps/server/src/lib/html.test.ts': "import { escapeHtml } from './html';\nimport { describe } from 'vitest';",
      'apps/server/src/lib/html.ts': "import { loop } from './loop';",
      'apps/server/src/lib/loop.ts': "import { escapeHtml } from './html';",
      'apps/server/src/modules/live/replays.test.ts': "// SAME_ON_EVERY_DATABASE: the archive's\nimport { buildTestApp } from '../../test/app';",
      'apps/server/src/modules/live/tower.test.ts': "import { buildTestApp } from '../../test/app';\n// not SAME_ON_EVERY_DATABASE: it reads results",
    });
    expect(databaseTestFiles(root)).toEqual([
      'apps/server/src/modules/live/tower.test.ts',
      'apps/server/src/modules/news/news.test.ts',
      'apps/server/src/modules/votes/votes.test.ts',
    ]);
  });

  it('leave out, in this repository, the embedded database and pure functions, and keep the API tests', () => {
    const files = databaseTestFiles(path.resolve(import.meta.dirname, '..'));
    expect(files).toContain('apps/server/src/modules/votes/votes.test.ts');
    expect(files).toContain('apps/server/src/ingest/f1db/importer.test.ts');
    expect(files).not.toContain('apps/server/src/db/embedded.test.ts');
    expect(files).not.toContain('apps/server/src/lib/html.test.ts');
  });
});
