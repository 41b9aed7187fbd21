import type { Db } from '../../db/client';
import { keptReads, type DataRevision } from '../../lib/cache';
import { COMMUNITY_KEEP_MS, noCommunityFacts, type CommunityFacts } from '../f1/standings/community';
import { fansByDriver, likesByConstructor } from './favourites';

/**
 * The users' share of the F1 answers: fans per driver (nrFani, /api/favourite-drivers/fans) and likes per
 * team (liked_by), counted from the saved favourites and merged after the F1 module's cached facts. A count is
 * reused for at most COMMUNITY_KEEP_MS and only under the data revision it was read under, so a new favourite
 * shows on the next request. Photos, logos and car pictures stay with the admin tools.
 */
export function favouritesCommunity(db: Db, revision: DataRevision): CommunityFacts {
  const fans = keptReads<Awaited<ReturnType<typeof fansByDriver>>>(revision, { keepMs: COMMUNITY_KEEP_MS });
  const likes = keptReads<Awaited<ReturnType<typeof likesByConstructor>>>(revision, { keepMs: COMMUNITY_KEEP_MS });
  return {
    ...noCommunityFacts,
    driverFans: () => fans.read('fans', () => fansByDriver(db)),
    async teamExtras() {
      const teamLikes = await likes.read('likes', () => likesByConstructor(db));
      return new Map(teamLikes.map(({ constructorId, likes: likedBy }) => [constructorId, { likedBy, logo: null, carPhoto: null }]));
    },
  };
}
