import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppServices } from './app/App';
import { loadScreenFor } from './app/router';
import { settledWithoutNetwork, startLandingReads } from './app/startup';
import { createAccountSession } from './features/account/accountSession';
import { reportToOpener } from './features/account/oauthPopup';
import { whenIdle } from './lib/idle';
import { registerServiceWorker } from './lib/serviceWorker';
import { applySavedTheme } from './lib/theme';
import './styles/global.css';

/** Starts the app: the landing page's first reads, then the first render (with them, when the page carried them). */
async function start() {
  const services = createAppServices();
  const session = createAccountSession();
  const landingReads = startLandingReads(services.queryClient, window.location.pathname);
  registerServiceWorker();
  // The first render is the whole page when the server named the screen's code for preloading and wrote in its
  // answers; elsewhere the shell shows at once and the screen follows.
  const screenPreloaded = document.querySelector('link[rel="modulepreload"][data-screen]') !== null;
  await Promise.all([screenPreloaded && loadScreenFor(window.location.pathname).catch(() => undefined), settledWithoutNetwork(landingReads)]);

  const root = createRoot(document.getElementById('app')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the
  // main thread until the whole page is built (issue 10: total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App services={services} session={session} />
      </StrictMode>,
    ),
  );
  whenIdle(applySavedTheme);
}

// In the Google/GitHub sign-in popup, the page the provider's round trip ends on only reports back and closes.
if (!reportToOpener()) void start();
