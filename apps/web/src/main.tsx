import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppServices } from './app/App';
import { loadScreenFor } from './app/router';
import { settledWithoutNetwork, startLandingReads } from './app/startup';
import { createAccountSession } from './features/account/accountSession';
import { reportToOpener } from './features/account/oauthPopup';
import { whenIdle } from './lib/idle';
import { registerServiceWorker } from './lib/serviceWorker';
import { applySavedTheme } from './lib/theme';
import { rememberTimeZone } from './lib/visitor';
import './styles/global.css';

/**
 * Starts the app: the landing page's first reads, then the first render (with them, when the page carried them).
 * A page the server sent drawn (entry-server.tsx) is taken over as it is (hydration) from the same answers.
 */
async function start() {
  const services = createAppServices();
  const session = createAccountSession();
  const landingReads = startLandingReads(services.queryClient, window.location.pathname, services.clock.now());
  registerServiceWorker();
  const container = document.getElementById('app')!;
  const drawn = container.hasChildNodes();
  // The first render is the whole page when the server drew it, or named the screen's code for preloading and
  // wrote in its answers; elsewhere the shell shows at once and the screen follows.
  const screenPreloaded = drawn || document.querySelector('link[rel="modulepreload"][data-screen]') !== null;
  await Promise.all([screenPreloaded && loadScreenFor(window.location.pathname).catch(() => undefined), settledWithoutNetwork(landingReads)]);

  const app = (
    <StrictMode>
      <MarkStarted>
        <App services={services} session={session} />
      </MarkStarted>
    </StrictMode>
  );
  // As a transition, the first render (or the hydration) yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is built (issue 10: total blocking time).
  startTransition(() => {
    if (drawn) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
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
