import fs from 'node:fs';

/**
 * Which server module may import which (docs/decisions/004-module-boundaries.md). Every module may import the
 * layers below all modules (lib, db, deps, config, ingest); a module missing here may import no other module.
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

/** One entry per folder of root: its files may not import the sibling folders it is not allowed. */
function boundaries({ root, layer, kind, allowed, testAllowed = [] }) {
  const names = folderNames(root);
  return names.flatMap((name) => {
    const rule = (permitted) => restriction(kind, name, names.filter((other) => other !== name && !permitted.includes(other)), permitted, layer);
    const own = allowed[name] ?? [];
    return [
      { files: [`${root}/${name}/**/*.{ts,tsx}`], rules: rulesFor(rule(own)) },
      // A module's tests may also sign users in through the modules testAllowed names.
      ...(testAllowed.length > 0 ? [{ files: [`${root}/${name}/**/*.test.{ts,tsx}`], rules: rulesFor(rule([...own, ...testAllowed])) }] : []),
    ];
  });
}

const layerBelow = (files, forbidden, message) => ({
  files,
  rules: rulesFor([{ regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`, message }]),
});

/** Server modules and web features import each other only in the declared directions; shared layers import neither. */
export const importBoundaries = [
  ...boundaries({ root: 'apps/server/src/modules', layer: 'modules', kind: 'module', allowed: serverModuleDependencies, testAllowed: ['auth'] }),
  ...boundaries({ root: 'apps/web/src/features', layer: 'features', kind: 'feature', allowed: webFeatureDependencies }),
  layerBelow(['apps/server/src/lib/**/*.ts'], ['modules'], 'lib is shared by every module and imports none.'),
  layerBelow(['apps/web/src/lib/**/*.{ts,tsx}'], ['features', 'app'], 'lib is shared by every feature and the app, and imports neither.'),
];
