import '@testing-library/jest-dom/vitest';
import { notifyManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Query results reach components in a microtask instead of a timer, so `await act(async () => {})`
// after a query settles is enough to see its effect: no test needs to guess a delay.
notifyManager.setScheduler(queueMicrotask);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
