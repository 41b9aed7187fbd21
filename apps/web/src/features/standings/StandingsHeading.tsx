import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { metaQuery } from '../../lib/queries';
import { Skeleton } from '../../lib/ui/Skeleton';
import styles from './StandingsHeading.module.css';

type Kind = 'Team' | 'Driver';

/** "Formula 1 Team Standings 2025 Season" (spec); without the year when the season is unknown. */
export function standingsTitle(kind: Kind, season: number | undefined): string {
  return season === undefined ? `Formula 1 ${kind} Standings` : `Formula 1 ${kind} Standings ${season} Season`;
}

/**
 * The page title with the featured season from /api/meta. While the season loads, a placeholder of its width
 * keeps the heading from jumping; if it cannot load, the title goes without it.
 */
export function useStandingsTitle(kind: Kind): { title: string; season: number | undefined; heading: ReactNode } {
  const meta = useQuery(metaQuery);
  const season = meta.data?.featuredSeason;
  const title = standingsTitle(kind, season);
  const heading = meta.isPending ? (
    <>
      {title}{' '}
      <span className={styles.seasonPlaceholder}>
        <Skeleton />
      </span>
    </>
  ) : (
    title
  );
  return { title, season, heading };
}
