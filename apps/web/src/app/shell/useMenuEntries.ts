import { useQuery } from '@tanstack/react-query';
import { paths } from '../../lib/paths';
import { metaQuery } from '../../lib/queries';
import type { MenuItem } from './menuItems';
import { useMeetingLink, type MeetingLink } from './useMeetingLink';

export type MenuEntries = {
  meeting: MeetingLink | null;
  standings: MenuItem[];
  results: MenuItem[];
  /** The site's other screens: a "More" dropdown on the desktop bar, a group of the burger menu. */
  more: MenuItem[];
};

const moreEntries: MenuItem[] = [
  { label: 'Live', to: paths.live },
  { label: 'Compare drivers', to: paths.compare() },
  { label: 'Title fight', to: paths.titleFight() },
  { label: 'Track visualiser', to: paths.trackVisualizer },
  { label: 'Game', to: paths.reactionGame },
  { label: 'History', to: paths.history },
  { label: 'Fun', to: paths.fun },
];

/** The navbar's entries, shared by the desktop bar and the burger menu so the two never drift. */
export function useMenuEntries(): MenuEntries {
  // Results open on the featured season (GET /api/meta); without it the pages choose their default.
  const featuredSeason = useQuery(metaQuery).data?.featuredSeason;
  return {
    meeting: useMeetingLink(),
    standings: [
      { label: 'Teams', to: paths.teams },
      { label: 'Drivers', to: paths.drivers },
    ],
    results: [
      { label: 'Races', to: paths.raceResults(featuredSeason) },
      { label: 'Qualifying', to: paths.qualifyingResults(featuredSeason) },
    ],
    more: moreEntries,
  };
}
