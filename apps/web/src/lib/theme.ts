import { useSyncExternalStore } from 'react';
import { DARK_MODE_CLASS, visitorCookies } from '@slipstream/contract';
import { keepVisitorCookie, readLocal, storageKeys, writeLocal } from './storage';
import { useServerVisitor } from './visitor';

/**
 * Light or dark. The class on <html> is the truth. The choice is saved as darkMode (docs/product.md, Across the site) and repeated in a
 * cookie of the same name, so the server writes the class into the page it sends and the page is rendered in its
 * theme from the first paint, without a script before the app (the CSP forbids inline ones). Until the visitor
 * chooses, the theme follows the operating system's preference: the app reads the media query, the cookie mirrors
 * it for the next page, and the server also reads the colour scheme hint (browsers that send it).
 */

const listeners = new Set<() => void>();

function isDarkMode(): boolean {
  return document.documentElement.classList.contains(DARK_MODE_CLASS);
}

function showDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle(DARK_MODE_CLASS, dark);
  for (const listener of listeners) listener();
}

function setDarkMode(dark: boolean): void {
  showDarkMode(dark);
  writeLocal(storageKeys.darkMode, String(dark));
  keepVisitorCookie(visitorCookies.darkMode, String(dark));
}

/**
 * Once the page is shown: the saved choice wins over the class the server wrote (the cookie may be gone or from
 * before it existed), and the cookie follows it for the next page.
 */
export function applySavedTheme(): void {
  const saved = readLocal(storageKeys.darkMode);
  if (saved === null) {
    followSystemTheme();
    return;
  }
  showTheme(saved === 'true');
}

function showTheme(dark: boolean): void {
  if (dark !== isDarkMode()) showDarkMode(dark);
  keepVisitorCookie(visitorCookies.darkMode, String(dark));
}

/** No choice saved: the system's preference, now and whenever it changes, until the visitor chooses. */
function followSystemTheme(): void {
  if (typeof window.matchMedia !== 'function') return;
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  showTheme(query.matches);
  query.addEventListener('change', (event) => {
    if (readLocal(storageKeys.darkMode) === null) showTheme(event.matches);
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The theme a page the server rendered is in: the class it wrote, read before the saved choice can change it.
 * The app takes the page over in that theme, since React keeps the rendered attributes as they are (a circuit
 * drawing's src), then follows the class.
 */
const renderedInDarkMode = typeof document !== 'undefined' && isDarkMode();

export function useDarkMode(): [dark: boolean, setDark: (dark: boolean) => void] {
  const visitor = useServerVisitor();
  // On the server, the theme the visitor's cookie names.
  const renderedDarkMode = visitor ? () => visitor.darkMode : () => renderedInDarkMode;
  return [useSyncExternalStore(subscribe, isDarkMode, renderedDarkMode), setDarkMode];
}
