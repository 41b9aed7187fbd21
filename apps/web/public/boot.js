// Starts the app on a page the server sent rendered: the page is painted first, and only then are the
// app's scripts fetched and run, so a phone shows the page without first loading and running the app. The server
// names them in <script type="application/json" id="app-scripts">: the entry, and the screen's code to preload
// (the first one is the screen's own, which the app waits for before it takes the page over).
const { entry, preloads } = JSON.parse(document.getElementById('app-scripts').textContent);

// Until the app has taken the page over (<html data-app-started>, main.tsx), the navbar's menus answer here: a
// tap on a menu button (data-menu, in the disclosure pattern: aria-expanded, aria-controls naming what it shows)
// opens or closes its menu at once, a tap elsewhere or Escape closes it. The app keeps a menu open as it finds it
// (app/shell/useDisclosure.ts). The tap stops here, so an app already listening does not also take it.
const root = document.documentElement;
const appStarted = () => root.hasAttribute('data-app-started');

function setMenuOpen(button, open) {
  button.setAttribute('aria-expanded', String(open));
  document.getElementById(button.getAttribute('aria-controls'))?.toggleAttribute('hidden', !open);
}

const openMenuButtons = () => document.querySelectorAll('button[data-menu][aria-expanded="true"]');

addEventListener(
  'click',
  (event) => {
    if (appStarted()) return;
    const button = event.target instanceof Element ? event.target.closest('button[data-menu][aria-controls]') : null;
    for (const open of openMenuButtons()) if (open !== button) setMenuOpen(open, false);
    if (!button) return;
    event.stopPropagation();
    setMenuOpen(button, button.getAttribute('aria-expanded') !== 'true');
  },
  { capture: true },
);

addEventListener(
  'keydown',
  (event) => {
    if (appStarted() || event.key !== 'Escape') return;
    for (const button of openMenuButtons()) {
      setMenuOpen(button, false);
      button.focus();
    }
  },
  { capture: true },
);

requestAnimationFrame(() =>
  setTimeout(() => {
    for (const [index, href] of preloads.entries()) {
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href });
      if (index === 0) link.dataset.screen = '';
      document.head.append(link);
    }
    import(entry);
  }),
);
