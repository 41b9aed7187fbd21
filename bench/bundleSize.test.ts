import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The home page's start-up JavaScript: the entry of index.html, the home screen's chunk and every
 * chunk they import statically, each gzip-sized. These are what the browser must fetch before the home page
 * can render and respond. Sizes, not timings: bench/lighthouse.mjs measures the timings.
 */
const HOME_JS_BUDGET_BYTES = 119 * 1024;
const webRoot = path.resolve(import.meta.dirname, '../apps/web');
const HOME_SCREEN = 'src/features/home/HomePage.tsx';

let outDir: string;
let manifest: Manifest;

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-bundle-'));
  // The production build, as deployed: vitest runs with NODE_ENV=test, which would give React's development build.
  const testEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: webRoot,
      mode: 'production',
      configFile: path.join(webRoot, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = testEnv;
  }
  manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}, 180_000);

/** The manifest keys of the chunks `keys` load before running: themselves and their static imports. */
function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    (manifest[key]?.imports ?? []).forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

function homeStartupFiles(): string[] {
  expect(manifest['index.html']?.isEntry).toBe(true);
  expect(manifest[HOME_SCREEN]?.isDynamicEntry).toBe(true);
  return [...staticClosure(['index.html', HOME_SCREEN])].map((key) => manifest[key]!.file);
}

describe('the home page start-up JavaScript', () => {
  it(`stays under ${HOME_JS_BUDGET_BYTES / 1024} kB gzip`, () => {
    const sizes = homeStartupFiles().map((file) => ({ file, gzip: gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });

  it('carries no zod: answers are typed by the contract, not parsed, in the browser', () => {
    const withZod = homeStartupFiles().filter((file) => /\$ZodType|ZodError/.test(fs.readFileSync(path.join(outDir, file), 'utf8')));
    expect(withZod).toEqual([]);
  });
});
