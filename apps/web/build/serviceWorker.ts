import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** What the worker is built with (its SLIPSTREAM_BUILD, sw/policy.ts): a version, the shell, each screen's other files. */
type WorkerBuild = { version: string; shell: string[]; screens: Record<string, string[]> };

/**
 * Builds dist/sw.js from the service worker's TypeScript (sw/serviceWorker.ts). It fills in the app shell (the
 * start-up code: the entry and the modules it loads at once, and the public files), the files of each screen and of
 * the parts it loads lazily (the worker precaches those of the screens the page
 * registry says open offline), and a version that changes whenever one of them does, so the browser sees a new
 * worker after each deploy that matters.
 */
export function serviceWorker(options: { entry: string; publicDir: string }): Plugin {
  let root = '';
  return {
    name: 'slipstream-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_output, bundle) {
      const publicFiles = listFiles(options.publicDir);
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const shell = ['/index.html', ...publicFiles.map((file) => `/${file}`), ...chunkFiles(chunks, startChunks(chunks))];
      const screens = Object.fromEntries(
        chunks.flatMap((chunk) => {
          const screen = chunk.isDynamicEntry && chunk.facadeModuleId ? path.relative(root, chunk.facadeModuleId).split(path.sep).join('/') : '';
          const beyondShell = chunkFiles(chunks, [chunk, ...lazyParts(chunks, chunk)]).filter((file) => !shell.includes(file));
          return /^src\/features\/.*Page\.tsx$/.test(screen) ? [[screen, beyondShell]] : [];
        }),
      );
      const version = createHash('sha256')
        .update(JSON.stringify({ shell, screens }))
        .update(publicFiles.map((file) => fs.readFileSync(path.join(options.publicDir, file))).join('\n'))
        .digest('hex')
        .slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: await bundleWorker(options.entry, { version, shell, screens }) });
    },
  };
}

/** The worker as one classic script (a service worker registered without `type: 'module'`). */
async function bundleWorker(entry: string, workerBuild: WorkerBuild): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: { SLIPSTREAM_BUILD: JSON.stringify(workerBuild) },
    build: {
      write: false,
      target: 'es2022',
      lib: { entry, formats: ['iife'], name: 'slipstreamServiceWorker', fileName: () => 'sw.js' },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
  const worker = chunks.find((file): file is OutputChunk => file.type === 'chunk');
  if (!worker) throw new Error(`${entry} built to no script`);
  return worker.code;
}

/** The entry and what it loads at once: the app's start (src/main.tsx imports it as a module of its own). */
function startChunks(chunks: OutputChunk[]): OutputChunk[] {
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const loadedByEntries = new Set(entries.flatMap((chunk) => chunk.dynamicImports));
  return [...entries, ...chunks.filter((chunk) => loadedByEntries.has(chunk.fileName))];
}

/** The parts a screen loads after its own code (lib/deferred.tsx, React.lazy): offline, the screen shows them too. */
function lazyParts(chunks: OutputChunk[], screen: OutputChunk): OutputChunk[] {
  return chunks.filter((chunk) => screen.dynamicImports.includes(chunk.fileName));
}

/** The files of the root chunks: themselves, everything they import statically, and their CSS. */
function chunkFiles(chunks: OutputChunk[], roots: OutputChunk[]): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  roots.forEach(visit);
  return [...files].sort().map((file) => `/${file}`);
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? listFiles(dir, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)]))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}
