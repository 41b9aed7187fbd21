// `npm run build -w @slipstream/server`: the server as one plain JavaScript file (dist/main.js), so production runs
// it with node alone: through tsx's loader (esbuild transforming each module at start) the same server holds some
// 50-70 MB more; see docs/decisions/006-memory-flags.md. Built again before every `npm run serve` (prestart, 0.3 s), so a
// stale bundle is never served. Installed packages stay imports; the workspace's own TypeScript packages are bundled.
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

// The embedded database's worker thread is a script of its own, beside main.js (db/embedded-supervisor.ts).
await build({
  entryPoints: { main: path.join(serverRoot, 'src/main.ts'), 'embedded-worker': path.join(serverRoot, 'src/db/embedded-worker.ts') },
  outdir: path.join(serverRoot, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalPackages],
  logLevel: 'warning',
});
