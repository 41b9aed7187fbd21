import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One worker per core, not Vitest's cores - 1: most server tests wait on databases, servers and timers.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // The first file to open the full F1DB (test/f1-database.ts) imports it while the others wait for that one
          // build: over 120 s on this 2-core machine when other work loads it.
          hookTimeout: 300_000,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Test files share a worker's loaded modules (starting a fresh one per file cost about 4 s each, half of
          // the run). Each file opens its own databases, servers and Redis, and puts back the clock it moves.
          isolate: false,
        },
      },
      {
        test: {
          name: 'bench',
          include: ['bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // Each file in a VM context of a reused thread rather than a new worker: the DOM and the test libraries are
          // set up in a fraction of the time (the web files ran in 96 s, now 50 s), and each file still has its own
          // modules and globals.
          pool: 'vmThreads',
        },
      },
    ],
  },
});
