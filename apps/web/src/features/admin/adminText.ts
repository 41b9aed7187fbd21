import { ApiError, NETWORK_FAILURE } from '../../lib/api';

/** What to say when an admin call failed: the server's message, or that it could not be reached. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.code === NETWORK_FAILURE) return 'The server could not be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong';
}

/** "1 234" style thousands, as the rest of the site writes counts. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat('ro-RO').format(value);
}
