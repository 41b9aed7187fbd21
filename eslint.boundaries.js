import fs from 'node:fs';

/**
 * Which server module may import which (docs/decisions/004-module-boundaries.md). Every module may import the
 * layers below all modules (lib, db, deps, config); a module missing here may import no other module.
 */
const serverModuleDependencies = {
  mail: [],
  auth: ['mail'],
  f1: [],
  news: [],
  history: ['f1'],
  compare: ['f1'],
  live: ['f1'],
  'title-fight': ['f1'],
  trivia: ['f1', 'history'],
  votes: ['auth', 'f1'],
  game: ['auth'],
  profile: ['auth', 'f1'],
  seo: ['auth', 'f1'],
  health: ['f1'],
  'test-hooks': ['auth'],
  admin: ['auth', 'f1', 'mail', 'news', 'profile'],
};

/**
 * Which ingest folder (one per data source) each module may import, and which modules each ingest folder may
 * import; a folder missing here may import none. Tests may also import any ingest folder (to load F1DB fixtures and
 * provisional results), and ingest tests the modules of ingestTestModules. Together with serverModuleDependencies
 * these directions have no cycle (checked below).
 */
const moduleIngestDependencies = {
  admin: ['f1db', 'source-status', 'sources'],
  health: ['f1db'],
  live: ['livetiming', 'provisional'],
  news: ['news'],
};
const ingestModuleDependencies = {
  f1db: ['f1'],
  livetiming: ['f1'],
  provisional: ['f1'],
  timing: ['f1'],
};
const ingestTestModules = ['admin'];

/**
 * Which ingest folders each ingest folder may import (a folder missing here may import none); tests may import any.
 * source-status (the jobs' status table) is the lowest, sources composes the jobs.
 */
const ingestFolderDependencies = {
  f1db: ['source-status'],
  livetiming: ['f1db'],
  timing: ['livetiming'],
  provisional: ['f1db', 'livetiming', 'source-status', 'timing'],
  sources: ['f1db', 'provisional'],
};

/** Throws when the module → module, module → ingest, ingest → module and ingest → ingest directions close a loop. */
function assertNoCycle(edges) {
  const state = new Map();
  const visit = (node, path) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') throw new Error(`Import directions form a cycle: ${[...path, node].join(' → ')}`);
    state.set(node, 'open');
    for (const next of edges[node] ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of Object.keys(edges)) visit(node, []);
}

const inModules = (names) => names.map((name) => `modules/${name}`);
const inIngest = (names) => names.map((name) => `ingest/${name}`);
assertNoCycle({
  ...Object.fromEntries(
    Object.entries(serverModuleDependencies).map(([name, modules]) => [
      `modules/${name}`,
      [...inModules(modules), ...inIngest(moduleIngestDependencies[name] ?? [])],
    ]),
  ),
  ...Object.fromEntries(
    [...new Set([...Object.keys(ingestModuleDependencies), ...Object.keys(ingestFolderDependencies)])].map((folder) => [
      `ingest/${folder}`,
      [...inModules(ingestModuleDependencies[folder] ?? []), ...inIngest(ingestFolderDependencies[folder] ?? [])],
    ]),
  ),
});

/** Which web feature may import which, through that feature's index only; shared pieces live in src/lib. */
const webFeatureDependencies = {
  home: ['account', 'news', 'schedule', 'standings', 'vote'],
  account: ['vote'],
};

const folderNames = (path) =>
  fs
    .readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** A relative import that climbs out of its folder (any number of ../, optionally through the layer's folder) into one of names. */
const reaching = (layer, names, rest) => `^(\\.\\./)+(${layer}/)?(${names.join('|')})${rest}`;

function restriction(kind, name, forbidden, permitted, layer) {
  const said = permitted.length > 0 ? `only the ${kind}s ${permitted.map((p) => `'${p}'`).join(', ')}` : `no other ${kind}`;
  const message = `The ${kind} '${name}' may import ${said}: shared code moves down (see docs/decisions/004-module-boundaries.md).`;
  const patterns = [];
  if (forbidden.length > 0) patterns.push({ regex: reaching(layer, forbidden, '(/|$)'), message });
  if (kind === 'feature' && permitted.length > 0) {
    patterns.push({ regex: reaching(layer, permitted, '/'), message: 'Import another feature through its index, not its insides.' });
  }
  return patterns;
}

/**
 * The patterns as no-restricted-imports (static imports and re-exports) and no-restricted-syntax (import()) rules;
 * esquery's regex literals cannot hold a slash, so it is written \x2F there.
 */
const rulesFor = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
  'no-restricted-syntax': [
    'error',
    ...patterns.map(({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message })),
  ],
});

/**
 * The patterns that keep a file of from (e.g. "the module 'live'") out of the folders of a neighbouring layer
 * (reached as ../…/layer/name) other than permitted.
 */
function across(from, layer, names, permitted, kind) {
  const forbidden = names.filter((name) => !permitted.includes(name));
  if (forbidden.length === 0) return [];
  const said = permitted.length > 0 ? `only the ${kind}s ${permitted.map((p) => `'${p}'`).join(', ')}` : `no ${kind}`;
  const message = `${from} may import ${said}: see docs/decisions/004-module-boundaries.md.`;
  return [{ regex: `^(\\.\\./)+${layer}/(${forbidden.join('|')})(/|$)`, message }];
}

/**
 * One entry per folder of root for its files and one for its tests: they may not import the sibling folders they
 * are not allowed, plus the patterns of extra(name, testing).
 */
function boundaries({ root, layer, kind, allowed = {}, testAllowed = [], extra = () => [] }) {
  const names = folderNames(root);
  return names.flatMap((name) => {
    const own = allowed[name] ?? [];
    const patterns = (testing) => {
      const permitted = testing ? [...own, ...testAllowed] : own;
      const forbidden = names.filter((other) => other !== name && !permitted.includes(other));
      return [...restriction(kind, name, forbidden, permitted, layer), ...extra(name, testing)];
    };
    return [
      { files: [`${root}/${name}/**/*.{ts,tsx}`], rules: rulesFor(patterns(false)) },
      { files: [`${root}/${name}/**/*.test.{ts,tsx}`], rules: rulesFor(patterns(true)) },
    ];
  });
}

const layerBelow = (files, forbidden, message) => ({
  files,
  rules: rulesFor([{ regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`, message }]),
});

const serverRoot = 'apps/server/src';
const moduleNames = folderNames(`${serverRoot}/modules`);
const ingestNames = folderNames(`${serverRoot}/ingest`);

/** A feature's code may not reach into the app that composes the features; its tests may render the app's routes. */
const noApp = [{ regex: '^(\\.\\./)+app(/|$)', message: "A feature imports no app/ code (shared pieces live in src/lib); only its tests may." }];

/**
 * Server modules, ingest folders and web features import each other only in the declared directions; shared layers
 * import none of them.
 */
export const importBoundaries = [
  ...boundaries({
    root: `${serverRoot}/modules`,
    layer: 'modules',
    kind: 'module',
    allowed: serverModuleDependencies,
    testAllowed: ['auth'],
    extra: (name, testing) => (testing ? [] : across(`The module '${name}'`, 'ingest', ingestNames, moduleIngestDependencies[name] ?? [], 'ingest folder')),
  }),
  ...boundaries({
    root: `${serverRoot}/ingest`,
    layer: 'ingest',
    kind: 'ingest folder',
    allowed: ingestFolderDependencies,
    testAllowed: ingestNames,
    extra: (name, testing) =>
      across(`The ingest folder '${name}'`, 'modules', moduleNames, [...(ingestModuleDependencies[name] ?? []), ...(testing ? ingestTestModules : [])], 'module'),
  }),
  ...boundaries({
    root: 'apps/web/src/features',
    layer: 'features',
    kind: 'feature',
    allowed: webFeatureDependencies,
    extra: (_name, testing) => (testing ? [] : noApp),
  }),
  layerBelow([`${serverRoot}/lib/**/*.ts`, `${serverRoot}/db/**/*.ts`], ['modules', 'ingest'], 'lib and db are shared by every module and ingest folder, and import none.'),
  layerBelow(['apps/web/src/lib/**/*.{ts,tsx}'], ['features', 'app'], 'lib is shared by every feature and the app, and imports neither.'),
];
