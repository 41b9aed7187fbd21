import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts one of the server's worker scripts, named without extension and found beside the calling module
 * (`callerUrl`, its import.meta.url). Once built, the script is dist/<name>.js next to dist/main.js (build.mjs
 * bundles each worker as an entry of its own). From source (npm run dev, the commands, the tests) it is the
 * TypeScript file, loaded through tsx's loader registered in the new thread.
 */
export function startWorkerScript(callerUrl: string, name: string, options: Omit<WorkerOptions, 'eval'>): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), options);
  const source = new URL(`./${name}.ts`, callerUrl).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
