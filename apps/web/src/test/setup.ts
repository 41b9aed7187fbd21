import '@testing-library/jest-dom/vitest';
import { notifyManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { noAccessTokens, setAccessTokenSource } from '../lib/api';
// The schemas the API client checks answers against in development, loaded before the first test (as the whole
// contract was before the registry): a screen's first answer never waits on their first import.
import '@slipstream/contract/endpoint-schemas';

// Query results reach components in a microtask instead of a timer, so `await act(async () => {})`
// after a query settles is enough to see its effect: no test needs to guess a delay.
notifyManager.setScheduler(queueMicrotask);

// The first test of a file loads the routes' code; on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // An account session of a test registered itself as the token source of authenticated calls.
  setAccessTokenSource(noAccessTokens);
});
