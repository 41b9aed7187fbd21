import fs from 'node:fs';
import path from 'node:path';
import { PAGES, type SitePage } from '@slipstream/contract/pages';

/**
 * The code and styles of the pages visitors land on from outside (those marked `landing` in the page registry),
 * read from the web build's manifest, so the page the server sends names them beside the app's entry.
 */

/** Vite's build manifest (build.manifest): each source module's chunk, its static imports and its CSS. */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/** The files a chunk needs beyond those already seen: its own, its static imports' and their CSS. */
function chunkFiles(manifest: Manifest, key: string, seen: Set<string>, files = { scripts: new Set<string>(), styles: new Set<string>() }) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return files;
  seen.add(key);
  files.scripts.add(chunk.file);
  for (const style of chunk.css ?? []) files.styles.add(style);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, seen, files);
  return files;
}

/** The keys of every chunk the entry loads (index.html names those already). */
function entryKeys(manifest: Manifest): Set<string> {
  const seen = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) chunkFiles(manifest, key, seen);
  return seen;
}

/** A screen's files beyond those the entry loads: its scripts (its own first) and its stylesheets. */
export type ScreenFiles = { scripts: string[]; styles: string[] };

const NO_FILES: ScreenFiles = { scripts: [], styles: [] };

/** The screen files of a landing page, from the web build's manifest; none for other pages, or without a build. */
export function screenFiles(webDistDir: string): (page: SitePage) => ScreenFiles {
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => NO_FILES;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const loadedByEntry = entryKeys(manifest);
  const landingScreens = Object.values(PAGES as Record<string, SitePage>).filter((page) => page.landing);
  const filesByScreen = new Map(
    landingScreens.map(({ screen }) => {
      const { scripts, styles } = chunkFiles(manifest, screen, new Set(loadedByEntry));
      return [screen, { scripts: [...scripts].map((file) => `/${file}`), styles: [...styles].map((file) => `/${file}`) }];
    }),
  );
  return (page) => filesByScreen.get(page.screen) ?? NO_FILES;
}

/**
 * The head tags that load a screen beside the app's entry: module preloads for its scripts (the first is the
 * screen's own: the app waits for it before its first render, apps/web main.tsx), then its stylesheets, after the
 * entry's, in the order the app would add them.
 */
export function screenPreloadTags({ scripts, styles }: ScreenFiles): string[] {
  return [
    ...scripts.map((file, index) => `<link rel="modulepreload" crossorigin href="${file}"${index === 0 ? ' data-screen' : ''}>`),
    ...screenStyleTags(styles),
  ];
}

export function screenStyleTags(styles: string[]): string[] {
  return styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">`);
}
