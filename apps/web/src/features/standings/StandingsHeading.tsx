import { useQuery } from '@tanstack/react-query';
import { seasonTitle } from '@slipstream/contract/pages';
import type { ReactNode } from 'react';
import { metaQuery } from '../../lib/queries';
import { Skeleton } from '../../lib/ui/Skeleton';
import styles from './StandingsHeading.module.css';

type Kind = 'Team' | 'Driver';

/** "Formula 1 Team Standings 2025 Season" (docs/product.md, Standings); without the year when the season is unknown. */
function standingsTitle(kind: Kind, season: number | undefined): string {
  return season === undefined ? `Formula 1 ${kind} Standings` : `Formula 1 ${kind} Standings ${season} Season`;
}

/**
 * The tab title (the page registry's) and the heading, with the featured season from /api/meta. While the season
 * loads, a placeholder of its width keeps the heading from jumping; if it cannot load, both go without it.
 */
export function useStandingsTitle(kind: Kind): { title: string; heading: ReactNode } {
  const meta = useQuery(metaQuery);
  const season = meta.data?.featuredSeason;
  const words = standingsTitle(kind, season);
  const heading = meta.isPending ? (
    <>
      {words}{' '}
      <span className={styles.seasonPlaceholder}>
        <Skeleton />
      </span>
    </>
  ) : (
    words
  );
  return { title: seasonTitle(kind === 'Team' ? 'teams' : 'drivers', season), heading };
}
