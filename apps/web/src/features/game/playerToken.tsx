import { createContext, useContext } from 'react';
import { ApiError } from '../../lib/api';

/**
 * Where the game gets the signed-in player's access token for its two authenticated calls (reading and saving
 * the player's best). This is the one switch point for the accounts' token helper: provide it here (or through
 * PlayerTokenProvider) and nothing else in the game changes. Without a provider there is no token, and the calls
 * fail as any request without a user does (the spec's "User is not authenticated").
 */
export type AccessTokenSource = () => Promise<string>;

const noToken: AccessTokenSource = () => Promise.reject(new ApiError(401, 'User is not authenticated'));

const PlayerTokenContext = createContext<AccessTokenSource>(noToken);

export const PlayerTokenProvider = PlayerTokenContext.Provider;

export function usePlayerToken(): AccessTokenSource {
  return useContext(PlayerTokenContext);
}
