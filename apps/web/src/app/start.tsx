import { hydrate, type QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { PAGE_STATE_ID } from '@slipstream/contract/pages';
import { createAccountSession } from '../features/account/accountSession';
import { inSignInPopup } from '../features/account/popupWindow';
import { loadDeferredParts } from '../lib/deferred';
import { whenIdle, yieldToBrowser } from '../lib/idle';
import { registerServiceWorker } from '../lib/serviceWorker';
import { applySavedTheme } from '../lib/theme';
import { App, createAppServices, type AppServices } from './App';
import type { SessionSource } from '../lib/auth';
import { settledWithoutNetwork, startFirstReads } from './firstReads';
import { loadScreenFor } from './router';

/** How the app's first render reaches the page: React's hydrateRoot on a rendered page, else createRoot. */
export type Mount = { takeOver: (app: ReactNode) => void } | { render: (app: ReactNode) => void };

/**
 * Starts the app with the first reads the page carries (its state, from the server: entry-server.tsx). A page the
 * server rendered is taken over as it is (React hydration), from that same state; elsewhere the page's first reads
 * start before the first render, which has them when the page carried them.
 *
 * On a rendered page each step is a task of its own, in the order the first screen needs them, so a phone's main
 * thread is never held long and answers a tap in between (docs/decisions/008-phone-start.md): this module's code
 * (the entry's evaluation was the one before), the page's state, the screen's code, then hydration, which React
 * does in slices; the service worker and the chores that touch browser storage wait until the browser is idle.
 */
export async function startApp(mount: Mount) {
  // In the Google/GitHub sign-in popup, the page the provider's round trip ends on only reports back and closes;
  // its code loads only there.
  if (inSignInPopup()) {
    const { reportToOpener } = await import('../features/account/oauthPopup');
    if (reportToOpener()) return;
  }
  const { pathname } = window.location;
  if ('takeOver' in mount) await yieldToBrowser();
  const services = createAppServices();
  const session = createAccountSession();
  if ('takeOver' in mount) {
    await yieldToBrowser();
    hydratePageState(services.queryClient);
    await yieldToBrowser();
    await loadScreenFor(pathname).catch(() => undefined);
    await yieldToBrowser();
    startTransition(() => mount.takeOver(app(services, session)));
    // The screen's later parts, which React hydrates once their code is here (lib/deferred.tsx).
    void loadDeferredParts();
  } else {
    hydratePageState(services.queryClient);
    const firstReads = startFirstReads(services.queryClient, pathname, services.clock.now());
    // The first render is the whole page when the server named the screen's code for preloading and wrote in its
    // answers; elsewhere the shell shows at once and the screen follows.
    const screenPreloaded = document.querySelector('link[rel="modulepreload"][data-screen]') !== null;
    await Promise.all([screenPreloaded && loadScreenFor(pathname).catch(() => undefined), settledWithoutNetwork(firstReads)]);
    startTransition(() => mount.render(app(services, session)));
  }
  whenIdle(() => {
    registerServiceWorker();
    applySavedTheme();
  });
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
 * Marks <html data-app-started> once the first render is in place: from then on the shell's controls answer through
 * the app (until then the navbar's menus answer through public/boot.js); the page's own answer once its boundary is
 * taken over too (data-page-shown, app/shell/RouteError.tsx).
 */
function MarkStarted({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.appStarted = '';
  }, []);
  return children;
}
