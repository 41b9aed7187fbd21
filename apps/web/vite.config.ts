import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { serviceWorker } from './build/serviceWorker';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * React Router 7's package exports name only its development build (remix-run/react-router#12532), which keeps
 * its dev warnings and checks in the browser; production builds take its production files instead.
 */
const reactRouterProduction = (file: string) => fileURLToPath(new URL(`dist/production/${file}`, import.meta.resolve('react-router/package.json')));
const productionReactRouter = [
  { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
];

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  resolve: { alias: command === 'build' && mode === 'production' && !isSsrBuild ? productionReactRouter : [] },
  plugins: [
    react(),
    // The server's build (`vite build --ssr`, entry-server.tsx) is not a page: no service worker for it.
    !isSsrBuild &&
      serviceWorker({
        template: here('sw/sw.js'),
        publicDir: here('public'),
        // The screens that open offline with their last data; other screens' code is kept once visited.
        offlineScreens: [
          'src/features/home/HomePage.tsx',
          'src/features/standings/DriversPage.tsx',
          'src/features/standings/TeamsPage.tsx',
          'src/features/schedule/SchedulePage.tsx',
          'src/features/results/RaceResultsPage.tsx',
          'src/features/results/QualifyingResultsPage.tsx',
        ],
      }),
  ],
  // Lightning CSS resolves the breakpoints' @custom-media (src/styles/media.css) in every CSS Module.
  css: {
    transformer: 'lightningcss',
    lightningcss: { drafts: { customMedia: true } },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest lets the bundle-size test (src/bundleSize.test.ts) follow the home page's static imports.
  build: {
    target: 'es2022',
    sourcemap: false,
    cssMinify: 'lightningcss',
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    modulePreload: { polyfill: false },
    // Fewer, larger files: every request costs a round trip on a phone (issue 10). The entry's static imports
    // go into the entry, and the small lib/ modules several screens share into one file.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 2 },
            { name: 'lib', test: /src[\\/]lib[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
}));
