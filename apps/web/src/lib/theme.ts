import { useSyncExternalStore } from 'react';
import { storageKeys, writeLocal } from './storage';

/**
 * Light or dark. The class on <html> is the truth: public/theme-init.js sets it from storage
 * before first paint (no inline scripts: the CSP forbids them), and this module changes it.
 */
const DARK_MODE_CLASS = 'darkmode';

const listeners = new Set<() => void>();

function isDarkMode(): boolean {
  return document.documentElement.classList.contains(DARK_MODE_CLASS);
}

function setDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle(DARK_MODE_CLASS, dark);
  writeLocal(storageKeys.darkMode, String(dark));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDarkMode(): [dark: boolean, setDark: (dark: boolean) => void] {
  return [useSyncExternalStore(subscribe, isDarkMode), setDarkMode];
}
