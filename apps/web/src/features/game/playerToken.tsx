import { createContext, useContext } from 'react';
import { ApiError, currentAccessToken } from '../../lib/api';

/**
 * Where the game gets the signed-in player's access token for its two authenticated calls (reading and saving
 * the player's best): the accounts session by default, or a PlayerTokenProvider (tests). Without a signed-in user
 * the calls fail as any request without a user does ("User is not authenticated", docs/product.md, Calls and failures).
 */
export type AccessTokenSource = () => Promise<string>;

const accountToken: AccessTokenSource = async () => {
  const token = await currentAccessToken();
  if (!token) throw new ApiError(401, 'User is not authenticated');
  return token;
};

const PlayerTokenContext = createContext<AccessTokenSource>(accountToken);

export const PlayerTokenProvider = PlayerTokenContext.Provider;

export function usePlayerToken(): AccessTokenSource {
  return useContext(PlayerTokenContext);
}
