import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
// By path: Vite loads its config's own files bundled, but leaves packages to Node, which cannot load TypeScript.
import { PAGES, type SitePage } from '../../../packages/contract/src/pages';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** What the worker is built with (its SLIPSTREAM_BUILD): a version and the shell files to precache. */
type WorkerBuild = { version: string; shell: string[] };

/**
 * Builds dist/sw.js from the service worker's TypeScript (sw/serviceWorker.ts): it fills in the shell to precache
 * (the start-up code, the code of the screens the page registry precaches, the public files) and a version that
 * changes whenever one of them does, so the browser sees a new worker after each deploy that matters.
 */
export function serviceWorker(options: { entry: string; publicDir: string }): Plugin {
  return {
    name: 'slipstream-service-worker',
    apply: 'build',
    async generateBundle(_output, bundle) {
      const publicFiles = listFiles(options.publicDir);
      const shell = ['/index.html', ...publicFiles.map((file) => `/${file}`), ...shellAssets(bundle, precachedScreens())];
      const version = createHash('sha256')
        .update(shell.join('\n'))
        .update(publicFiles.map((file) => fs.readFileSync(path.join(options.publicDir, file))).join('\n'))
        .digest('hex')
        .slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: await bundleWorker(options.entry, { version, shell }) });
    },
  };
}

/** The screens that open offline unvisited; other screens' code is kept once visited. */
function precachedScreens(): string[] {
  return Object.values(PAGES as Record<string, SitePage>).flatMap((page) => (page.offline?.precache ? [page.screen] : []));
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

/** The entry chunk and the offline screens' chunks, with everything they import statically and their CSS. */
function shellAssets(bundle: OutputBundle, offlineScreens: string[]): string[] {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = chunks.filter(
    (chunk) => chunk.isEntry || offlineScreens.some((screen) => chunk.facadeModuleId?.endsWith(screen)),
  );
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
