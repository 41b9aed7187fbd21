import { currentAccessToken } from '../../lib/api';

/**
 * The signed-in voter's access token, or null for an anonymous visitor: the one place the vote feature gets
 * it, from the accounts session (which alone refreshes the cookie, so rotation is never raced).
 */
export function voterAccessToken(): Promise<string | null> {
  return currentAccessToken();
}
