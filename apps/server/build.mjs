// `npm run build -w @slipstream/server`: the server as one plain JavaScript file (dist/main.js), so production runs
// it with node alone: through tsx's loader (esbuild transforming each module at start) the same server holds some
// 50-70 MB more; see docs/decisions/006-memory-flags.md. Built again before every `npm run serve` (prestart, 0.3 s), so a
// stale bundle is never served, and written by rename, so a server starting beside another's build (the end-to-end
// shards of `npm test`) never reads half a file. Installed packages stay imports; the workspace's own TypeScript
// packages are bundled.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));

/** Keeps every installed package external except the workspace's own (@slipstream/*), which ship as TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@slipstream/') ? undefined : { path: args.path, external: true }));
  },
};

const outdir = path.join(serverRoot, 'dist');
// Each worker thread's script is an entry of its own, beside main.js (lib/worker-script.ts).
const { outputFiles } = await build({
  entryPoints: {
    main: path.join(serverRoot, 'src/main.ts'),
    'embedded-worker': path.join(serverRoot, 'src/db/embedded-worker.ts'),
    'f1db-read-worker': path.join(serverRoot, 'src/ingest/f1db/f1db-read-worker.ts'),
  },
  outdir,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalPackages],
  logLevel: 'warning',
});

fs.mkdirSync(outdir, { recursive: true });
for (const file of outputFiles) {
  const partial = `${file.path}.${process.pid}.partial`;
  fs.writeFileSync(partial, file.contents);
  fs.renameSync(partial, file.path);
}
