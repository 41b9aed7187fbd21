import type { Db } from '../../db/client';
import { noCommunityFacts, type CommunityFacts } from '../f1/standings/community';
import { fansByDriver, likesByConstructor } from './favourites';

/**
 * The users' share of the F1 answers: fans per driver (nrFani, /api/favourite-drivers/fans) and likes per
 * team (liked_by), counted from the saved favourites on every request, after the F1 module's cached facts,
 * so a new favourite shows at once. Photos, logos and car pictures stay with the admin tools.
 */
export function favouritesCommunity(db: Db): CommunityFacts {
  return {
    ...noCommunityFacts,
    driverFans: () => fansByDriver(db),
    async teamExtras() {
      const likes = await likesByConstructor(db);
      return new Map(likes.map(({ constructorId, likes: likedBy }) => [constructorId, { likedBy, logo: null, carPhoto: null }]));
    },
  };
}
