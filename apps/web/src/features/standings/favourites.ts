import { useFavourites as useProfileFavourites } from '../../lib/auth';

/** The signed-in visitor's favourites as F1DB ids, like the profile's favTeam and favDriver. */
export type Favourites = { teamId?: string; driverId?: string };

/** The profile's favourites (nothing for an anonymous visitor), in the standings' terms. */
export function useFavourites(): Favourites {
  const { favTeam, favDriver } = useProfileFavourites();
  return { teamId: favTeam, driverId: favDriver };
}
