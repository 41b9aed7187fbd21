import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * Builds dist/sw.js from sw/sw.js: it fills in the shell to precache (the start-up code, the screens that
 * work offline and the public files) and a version that changes whenever one of them does, so the browser
 * sees a new worker after each deploy that matters.
 */
export function serviceWorker(options: { template: string; publicDir: string; offlineScreens: string[] }): Plugin {
  return {
    name: 'slipstream-service-worker',
    apply: 'build',
    generateBundle(_output, bundle) {
      const publicFiles = listFiles(options.publicDir);
      const shell = ['/index.html', ...publicFiles.map((file) => `/${file}`), ...shellAssets(bundle, options.offlineScreens)];
      const version = createHash('sha256')
        .update(shell.join('\n'))
        .update(publicFiles.map((file) => fs.readFileSync(path.join(options.publicDir, file))).join('\n'))
        .digest('hex')
        .slice(0, 12);
      const template = fs.readFileSync(options.template, 'utf8');
      const build = `{ version: ${JSON.stringify(version)}, shell: ${JSON.stringify(shell)} }`;
      if (!template.includes('self.SLIPSTREAM_BUILD')) this.error(`${options.template} lost its self.SLIPSTREAM_BUILD placeholder`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: template.replace('self.SLIPSTREAM_BUILD', build) });
    },
  };
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
