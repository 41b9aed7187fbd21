import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fontPreload } from './build/fontPreload';
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

/** DONATION_URL: an https address, or unset (no donation links). A bad value stops the build, naming it. */
function donationUrl(): string {
  const value = process.env.DONATION_URL?.trim() ?? '';
  if (value && !/^https:\/\/[^\s"'<>]+$/.test(value)) throw new Error(`DONATION_URL must be an https address, not "${value}"`);
  return value;
}

/** lib/ modules several screens share, but for those the home page never uses (see codeSplitting below). */
const LIB_SHARED_WITH_HOME = /src[\\/]lib[\\/](?!ui[\\/](LineChart|lineChart|TypedInput|Flag|Fact|PositionChange)\b)/;

/** The app's start (src/app/start.tsx) and what every page needs with it: the router, the query cache, the shell. */
const APP_START = /node_modules[\\/](react-router|@tanstack)[\\/]|src[\\/]app[\\/](?!shell[\\/](Footer|CookieNotice)\b)/;

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  define: { 'import.meta.env.DONATION_URL': JSON.stringify(donationUrl()) },
  resolve: { alias: command === 'build' && mode === 'production' && !isSsrBuild ? productionReactRouter : [] },
  plugins: [
    react(),
    // The server's build (`vite build --ssr`, entry-server.tsx) is not a page: no service worker for it.
    !isSsrBuild && serviceWorker({ entry: here('sw/serviceWorker.ts'), publicDir: here('public') }),
    // The headings' bold, which the largest text of most pages (the LCP) is set in, and the body text's regular, so
    // a first visit reads its text in the site's face (the faces are optional: what misses the first paint is never
    // swapped, so nothing moves). The 600 of the labels comes with the stylesheet.
    !isSsrBuild && fontPreload({ files: /titillium-web-latin-(400|700)-normal-[\w-]+\.woff2$/ }),
  ],
  // Lightning CSS resolves the breakpoints' @custom-media (src/styles/media.css) in every CSS Module.
  css: {
    transformer: 'lightningcss',
    lightningcss: { drafts: { customMedia: true } },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest lets the server name a landing page's code for preloading (modules/seo/preloads.ts), and the
  // bundle-size test (bench/bundleSize.test.ts) follow the home page's static imports.
  build: {
    target: 'es2022',
    sourcemap: false,
    cssMinify: 'lightningcss',
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    modulePreload: { polyfill: false },
    // Fewer, larger files: every request costs a round trip on a phone. The entry's static imports
    // go into the entry, and the small lib/ modules several screens share into one file, which the home page
    // loads too: the larger shared parts that only other screens use (the chart frame, the typed admin fields,
    // flags, fact tiles, position changes) stay out of it, so the home page does not fetch them.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 3 },
            { name: 'app', test: APP_START, priority: 2 },
            { name: 'lib', test: LIB_SHARED_WITH_HOME, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
}));
