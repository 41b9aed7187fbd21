import { hydrate, type QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PAGE_STATE_ID } from '@slipstream/contract/pages';
import { App, createAppServices, type AppServices } from './app/App';
import type { SessionSource } from './app/auth';
import { settledWithoutNetwork, startFirstReads } from './app/firstReads';
import { loadScreenFor } from './app/router';
import { createAccountSession } from './features/account/accountSession';
import { inSignInPopup } from './features/account/popupWindow';
import { whenIdle } from './lib/idle';
import { registerServiceWorker } from './lib/serviceWorker';
import { applySavedTheme } from './lib/theme';
import { rememberTimeZone } from './lib/visitor';
import './styles/global.css';

/**
 * Starts the app with the first reads the page carries (its state, from the server: entry-server.tsx). A page the
 * server rendered is taken over as it is (React hydration), from that same state; elsewhere the page's first reads
 * start before the first render, which has them when the page carried them.
 */
async function start() {
  const services = createAppServices();
  const session = createAccountSession();
  registerServiceWorker();
  hydratePageState(services.queryClient);
  const container = document.getElementById('app')!;
  const { pathname } = window.location;
  if (container.hasChildNodes()) {
    await loadScreenFor(pathname).catch(() => undefined);
    render(() => hydrateRoot(container, app(services, session)));
    return;
  }
  const firstReads = startFirstReads(services.queryClient, pathname, services.clock.now());
  // The first render is the whole page when the server named the screen's code for preloading and wrote in its
  // answers; elsewhere the shell shows at once and the screen follows.
  const screenPreloaded = document.querySelector('link[rel="modulepreload"][data-screen]') !== null;
  await Promise.all([screenPreloaded && loadScreenFor(pathname).catch(() => undefined), settledWithoutNetwork(firstReads)]);
  render(() => createRoot(container).render(app(services, session)));
}

/** The first reads the page was sent with, into the app's query client, as the server read them. */
function hydratePageState(queryClient: QueryClient) {
  const state = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (state) hydrate(queryClient, JSON.parse(state));
}

function app(services: AppServices, session: SessionSource) {
  return (
    <StrictMode>
      <MarkStarted>
        <App services={services} session={session} />
      </MarkStarted>
    </StrictMode>
  );
}

/**
 * The first render (or the hydration) as a transition, which yields to the browser every few milliseconds instead
 * of holding the main thread until the whole page is built (total blocking time); then the chores that touch
 * browser storage.
 */
function render(first: () => void) {
  startTransition(first);
  whenIdle(() => {
    applySavedTheme();
    rememberTimeZone();
  });
}

/**
 * Marks <html data-app-started> once the first render is in place: from then on a rendered page's controls answer
 * (the end-to-end tests wait for it, e2e/support/test.ts).
 */
function MarkStarted({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.appStarted = '';
  }, []);
  return children;
}

// In the Google/GitHub sign-in popup, the page the provider's round trip ends on only reports back and closes;
// its code loads only there.
if (inSignInPopup()) {
  void import('./features/account/oauthPopup').then(async ({ reportToOpener }) => {
    if (!reportToOpener()) await start();
  });
} else {
  void start();
}
