import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server: one folder up from this module, whether it runs as src/paths.ts (tsx, tests) or bundled into
 * dist/main.js (npm start), since src/ and dist/ sit side by side.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverRoot, '../..');
