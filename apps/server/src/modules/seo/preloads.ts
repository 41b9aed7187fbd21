import fs from 'node:fs';
import path from 'node:path';
import { PAGES, type SitePage } from '@slipstream/contract/pages';

/**
 * The code and styles of the app's start and of the pages visitors land on from outside (those marked `landing` in
 * the page registry), read from the web build's manifest, so the page the server sends names them beside the app's
 * entry.
 */

/** Vite's build manifest (build.manifest): each source module's chunk, its static imports and its CSS. */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }>;

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

/**
 * The files a page names beside the app's entry: the app's start, which the entry loads at once, and for a landing
 * page its screen's (the screen's own script first: the app waits for it before its first render).
 */
export type ScreenFiles = { scripts: string[]; styles: string[]; screen: boolean };

/** What the entry loads at once, as modules of their own (the web app's start, apps/web/src/app/start.tsx). */
function startKeys(manifest: Manifest): string[] {
  return Object.values(manifest).flatMap((chunk) => (chunk.isEntry ? (chunk.dynamicImports ?? []) : []));
}

const asFiles = (files: { scripts: Set<string>; styles: Set<string> }, screen: boolean): ScreenFiles => ({
  scripts: [...files.scripts].map((file) => `/${file}`),
  styles: [...files.styles].map((file) => `/${file}`),
  screen,
});

const NO_FILES: ScreenFiles = { scripts: [], styles: [], screen: false };

/** The files of each page, from the web build's manifest; none without a build. */
export function screenFiles(webDistDir: string): (page: SitePage) => ScreenFiles {
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => NO_FILES;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const loadedByEntry = entryKeys(manifest);
  const start = { scripts: new Set<string>(), styles: new Set<string>() };
  const startSeen = new Set(loadedByEntry);
  for (const key of startKeys(manifest)) chunkFiles(manifest, key, startSeen, start);
  const landingScreens = Object.values(PAGES as Record<string, SitePage>).filter((page) => page.landing);
  const filesByScreen = new Map(
    landingScreens.map(({ screen }) => {
      const seen = new Set(loadedByEntry);
      const own = chunkFiles(manifest, screen, seen);
      // The styles of the parts the screen loads later (the web app's lib/deferred.tsx): the page arrives with them
      // rendered, and styled.
      const later = { scripts: new Set<string>(), styles: new Set<string>() };
      for (const part of manifest[screen]?.dynamicImports ?? []) chunkFiles(manifest, part, seen, later);
      // The shell's styles (the start's) before the screen's, as the app adds them.
      const files = { scripts: new Set([...own.scripts, ...start.scripts]), styles: new Set([...start.styles, ...own.styles, ...later.styles]) };
      return [screen, asFiles(files, true)];
    }),
  );
  const startOnly = asFiles(start, false);
  return (page) => filesByScreen.get(page.screen) ?? startOnly;
}

/**
 * The head tags that load a screen beside the app's entry: module preloads for its scripts (the first is the
 * screen's own: the app waits for it before its first render, apps/web main.tsx), then its stylesheets, after the
 * entry's, in the order the app would add them.
 */
export function screenPreloadTags({ scripts, styles, screen }: ScreenFiles): string[] {
  return [
    ...scripts.map((file, index) => `<link rel="modulepreload" crossorigin href="${file}"${screen && index === 0 ? ' data-screen' : ''}>`),
    ...screenStyleTags(styles),
  ];
}

export function screenStyleTags(styles: string[]): string[] {
  return styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">`);
}
