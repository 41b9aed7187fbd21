import fs from 'node:fs';
import path from 'node:path';
import type { ErgastRacesResponse, MetaResponse } from '@slipstream/contract';

/**
 * What the pages visitors land on from outside need first, so the served page can carry it (issue 10): the
 * screen's code and styles to preload beside the app's entry (the route table is apps/web/src/app/router.tsx),
 * and the public API answers the screen asks for first, written into the page so they need no round trip.
 * The pages with first answers are also sent drawn (drawing.ts). Other pages load their screen and answers as the
 * app reaches them.
 */
type Params = Record<string, string | undefined>;
/** How answers are worked out: a public answer of this server (undefined when it is not a public 200), the racing clock. */
export type AnswerContext = { read: (apiPath: string) => Promise<unknown>; now: Date };

export type LandingPage = {
  pattern: string;
  /** The screen's module in the web app's build manifest. */
  screen: string;
  /** The API paths the screen asks for first, as the web app's API client writes them (lib/api.ts). */
  answers?: (params: Params, context: AnswerContext) => Promise<string[]> | string[];
};

/** Every page's navbar asks for the featured season and the next meeting (its meeting link). */
export const SHELL_ANSWERS = ['/api/meta', '/api/get-next'];

export const LANDING_PAGES: LandingPage[] = [
  { pattern: '/', screen: 'src/features/home/HomePage.tsx', answers: () => ['/api/event-tracker', '/api/get-last'] },
  { pattern: '/schedule', screen: 'src/features/schedule/SchedulePage.tsx', answers: featuredSeasonMeetings },
  {
    pattern: '/schedule/:season/:meeting',
    screen: 'src/features/schedule/MeetingPage.tsx',
    answers: ({ season, meeting }) => [`/api/seasons/${season}/meetings/${meeting}`],
  },
  { pattern: '/drivers', screen: 'src/features/standings/DriversPage.tsx', answers: () => ['/api/drivers?order=asc'] },
  { pattern: '/drivers/:code', screen: 'src/features/standings/DriverPage.tsx', answers: ({ code }) => [`/api/drivers/${code}`] },
  { pattern: '/teams', screen: 'src/features/standings/TeamsPage.tsx', answers: () => ['/api/teams'] },
  { pattern: '/race-results/:season?', screen: 'src/features/results/RaceResultsPage.tsx', answers: latestRound('results') },
  { pattern: '/qualifying-results/:season?', screen: 'src/features/results/QualifyingResultsPage.tsx', answers: latestRound('qualifying') },
  { pattern: '/vote', screen: 'src/features/vote/VotePage.tsx' },
  { pattern: '/vote/results', screen: 'src/features/vote/VoteResultsPage.tsx' },
  { pattern: '/live', screen: 'src/features/live/LivePage.tsx' },
  { pattern: '/title-fight', screen: 'src/features/title-fight/TitleFightPage.tsx' },
  { pattern: '/compare', screen: 'src/features/compare/ComparePage.tsx' },
];

async function featuredSeasonMeetings(_params: Params, { read }: AnswerContext): Promise<string[]> {
  const meta = (await read('/api/meta')) as MetaResponse | undefined;
  return meta ? [`/api/seasons/${meta.featuredSeason}/meetings`] : [];
}

/**
 * A season's rounds and the classification of its latest round whose session has started: the screen's first
 * (the web app's features/results/rounds.ts, where a season without qualifying times counts from the race).
 */
function latestRound(session: 'results' | 'qualifying') {
  return async ({ season }: Params, { read, now }: AnswerContext): Promise<string[]> => {
    if (!season || !/^\d{4}$/.test(season)) return [];
    const roundsPath = `/api/ergast/f1/${season}.json?limit=100`;
    const rounds = (await read(roundsPath)) as ErgastRacesResponse | undefined;
    const started = rounds?.MRData.RaceTable.Races.filter((race) => {
      const { date, time } = session === 'qualifying' ? (race.Qualifying ?? race) : race;
      return Date.parse(`${date}T${time ?? '00:00:00Z'}`) <= now.getTime();
    });
    const latest = started?.at(-1)?.round;
    return latest ? [roundsPath, `/api/ergast/f1/${season}/${latest}/${session}.json?limit=100`] : [roundsPath];
  };
}

/** A route pattern's params when pathname matches it: ":name" takes one segment, ":name?" also none at the end. */
export function matchPattern(pattern: string, pathname: string): Params | undefined {
  const wanted = pattern.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  if (actual.length > wanted.length) return undefined;
  const params: Params = {};
  for (const [index, segment] of wanted.entries()) {
    const value = actual[index];
    if (value === undefined) {
      if (!segment.endsWith('?')) return undefined;
    } else if (segment.startsWith(':')) params[segment.slice(1).replace(/\?$/, '')] = value;
    else if (segment !== value) return undefined;
  }
  return params;
}

export function landingPage(pathname: string): { page: LandingPage; params: Params } | undefined {
  for (const page of LANDING_PAGES) {
    const params = matchPattern(page.pattern, pathname);
    if (params) return { page, params };
  }
  return undefined;
}

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

/** Each landing page's screen files, from the web build's manifest; none without a build. */
export function screenFiles(webDistDir: string): (page: LandingPage) => ScreenFiles {
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => NO_FILES;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const loadedByEntry = entryKeys(manifest);
  const filesByScreen = new Map(
    LANDING_PAGES.map(({ screen }) => {
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
