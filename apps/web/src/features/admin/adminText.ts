import { ApiError, NETWORK_FAILURE } from '../../lib/api';

/** What to say when an admin call failed: the server's message, or that it could not be reached. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.code === NETWORK_FAILURE) return 'The server could not be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong';
}

const countFormat = new Intl.NumberFormat('en-GB');

/** "131,362": English thousands, as the rest of the site writes numbers. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
