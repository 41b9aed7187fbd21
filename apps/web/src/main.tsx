import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppServices, type AppServices } from './app/App';
import type { SessionSource } from './app/auth';
import { loadScreenFor } from './app/router';
import { readAsDrawn, settledWithoutNetwork, startLandingReads, takeQueries } from './app/startup';
import { createAccountSession } from './features/account/accountSession';
import { reportToOpener } from './features/account/oauthPopup';
import { whenIdle } from './lib/idle';
import { registerServiceWorker } from './lib/serviceWorker';
import { applySavedTheme } from './lib/theme';
import { rememberTimeZone } from './lib/visitor';
import './styles/global.css';

/**
 * Starts the app: the landing page's first reads, then the first render (with them, when the page carried them).
 * A page the server sent drawn (entry-server.tsx) is taken over as it is (hydration), from the answers it was
 * drawn with.
 */
async function start() {
  const services = createAppServices();
  const session = createAccountSession();
  registerServiceWorker();
  const container = document.getElementById('app')!;
  const { pathname } = window.location;
  if (container.hasChildNodes()) {
    const [, drawnReads] = await Promise.all([loadScreenFor(pathname).catch(() => undefined), readAsDrawn(pathname, services.clock.drawnAt ?? services.clock.now())]);
    takeQueries(drawnReads, services.queryClient);
    render(() => hydrateRoot(container, app(services, session)));
    return;
  }
  const landingReads = startLandingReads(services.queryClient, pathname, services.clock.now());
  // The first render is the whole page when the server named the screen's code for preloading and wrote in its
  // answers; elsewhere the shell shows at once and the screen follows.
  const screenPreloaded = document.querySelector('link[rel="modulepreload"][data-screen]') !== null;
  await Promise.all([screenPreloaded && loadScreenFor(pathname).catch(() => undefined), settledWithoutNetwork(landingReads)]);
  render(() => createRoot(container).render(app(services, session)));
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
 * of holding the main thread until the whole page is built (issue 10: total blocking time); then the chores that
 * touch browser storage.
 */
function render(first: () => void) {
  startTransition(first);
  whenIdle(() => {
    applySavedTheme();
    rememberTimeZone();
  });
}

/**
 * Marks <html data-app-started> once the first render is in place: from then on a drawn page's controls answer
 * (the end-to-end tests wait for it, e2e/support/test.ts).
 */
function MarkStarted({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.appStarted = '';
  }, []);
  return children;
}

// In the Google/GitHub sign-in popup, the page the provider's round trip ends on only reports back and closes.
if (!reportToOpener()) void start();
