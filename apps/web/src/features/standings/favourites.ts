/** The signed-in visitor's favourites as F1DB ids, like the profile's favTeam and favDriver. */
export type Favourites = { teamId?: string; driverId?: string };

/**
 * SEAM for accounts, which are being built in parallel: answer the profile's favourites here (nothing for an
 * anonymous visitor). Until accounts land nobody has favourites; the standings already highlight whatever
 * this returns, so nothing else changes when it is filled in.
 */
export function useFavourites(): Favourites {
  return {};
}
