import { useSyncExternalStore } from 'react';
import { readLocal, storageKeys, writeLocal } from './storage';

/**
 * Light or dark. The class on <html> is the truth: public/theme-init.js sets it from storage
 * before first paint (no inline scripts: the CSP forbids them), and this module changes it.
 */
export const DARK_MODE_CLASS = 'darkmode';

const listeners = new Set<() => void>();

export function isDarkMode(): boolean {
  return document.documentElement.classList.contains(DARK_MODE_CLASS);
}

export function setDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle(DARK_MODE_CLASS, dark);
  writeLocal(storageKeys.darkMode, String(dark));
  for (const listener of listeners) listener();
}

/** Applies what theme-init.js would, for pages that did not run it (tests, an older cached page). */
export function applyStoredTheme(): void {
  document.documentElement.classList.toggle(DARK_MODE_CLASS, readLocal(storageKeys.darkMode) === 'true');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDarkMode(): [dark: boolean, setDark: (dark: boolean) => void] {
  return [useSyncExternalStore(subscribe, isDarkMode), setDarkMode];
}
