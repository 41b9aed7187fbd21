import type { Db } from '../../db/client';
import { sharedInFlight } from '../../lib/in-flight';
import { noCommunityFacts, type CommunityFacts } from '../f1/standings/community';
import { fansByDriver, likesByConstructor } from './favourites';

/**
 * The users' share of the F1 answers: fans per driver (nrFani, /api/favourite-drivers/fans) and likes per
 * team (liked_by), counted from the saved favourites on every request, after the F1 module's cached facts,
 * so a new favourite shows at once. Photos, logos and car pictures stay with the admin tools.
 */
export function favouritesCommunity(db: Db): CommunityFacts {
  // Counted per request, but requests arriving while a count runs share it (under load: one count per round trip).
  const fans = sharedInFlight<Db, Awaited<ReturnType<typeof fansByDriver>>>();
  const likes = sharedInFlight<Db, Awaited<ReturnType<typeof likesByConstructor>>>();
  return {
    ...noCommunityFacts,
    driverFans: () => fans.run(db, () => fansByDriver(db)),
    async teamExtras() {
      const teamLikes = await likes.run(db, () => likesByConstructor(db));
      return new Map(teamLikes.map(({ constructorId, likes: likedBy }) => [constructorId, { likedBy, logo: null, carPhoto: null }]));
    },
  };
}
