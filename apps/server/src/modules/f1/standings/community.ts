import type { Driver, Team } from '@slipstream/contract';

/**
 * What the community and the admins add to the F1 facts: fans per driver (favourites), likes per team, driver
 * photos, team logos and car photos. Accounts and the admin pages come later; this is the one place where their
 * data is merged in. They change with user actions, not with imports, so they are merged after the cached facts.
 */
export type CommunityFacts = {
  /** Fans per driver id, for /api/favourite-drivers/fans and the drivers' nrFani. */
  driverFans(): Promise<{ driverId: string; fans: number }[]>;
  driverPhotos(season: number): Promise<Map<string, string>>;
  teamExtras(season: number): Promise<Map<string, { likedBy: number; logo: string | null; carPhoto: string | null }>>;
};

/** How long a favourite or admin picture saved where no instance announces it (psql, a command) may take to show. */
export const COMMUNITY_KEEP_MS = 1000;

/** Until accounts and the admin exist: no fans, no likes, no pictures. */
export const noCommunityFacts: CommunityFacts = {
  driverFans: async () => [],
  driverPhotos: async () => new Map(),
  teamExtras: async () => new Map(),
};

export async function withDriverCommunity<T extends Driver>(
  community: CommunityFacts,
  season: number,
  drivers: T[],
): Promise<T[]> {
  const [fans, photos] = await Promise.all([community.driverFans(), community.driverPhotos(season)]);
  const fansById = new Map(fans.map((f) => [f.driverId, f.fans]));
  return drivers.map((d) => ({ ...d, nrFani: fansById.get(d._id) ?? 0, poza: photos.get(d._id) ?? null }));
}

export async function withTeamCommunity(community: CommunityFacts, season: number, teams: Team[]): Promise<Team[]> {
  const extras = await community.teamExtras(season);
  return teams.map((team) => {
    const extra = extras.get(team._id);
    return { ...team, liked_by: extra?.likedBy ?? 0, logo: extra?.logo ?? null, masinaPoza: extra?.carPhoto ?? null };
  });
}
