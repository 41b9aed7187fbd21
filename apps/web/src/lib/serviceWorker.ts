import { clearOfflineAnswers } from './offline';

/**
 * Registers the service worker (sw/serviceWorker.ts, built to /sw.js) once the page has loaded, so it never competes
 * with the first paint. On a page the server sent rendered the app starts after the load event (public/boot.js),
 * so it registers at once there. Production builds only: in development Vite serves fresh code on every change.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Slipstream works online only here: the service worker did not register.', error);
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
  // Back online, the screens refetch (React Query) and fresh answers replace the stored ones.
  window.addEventListener('online', clearOfflineAnswers);
}
