import type { ResultsKnown } from '@slipstream/contract';
import type { ReactNode } from 'react';
import { Page } from '../../lib/ui/Page';
import { PROVISIONAL_STANDINGS, ProvisionalNote } from '../../lib/ui/Provisional';
import { QueryState, type QueryView } from '../../lib/ui/QueryState';
import { useResultsStream } from '../../lib/useResultsStream';
import { useStandingsTitle } from './StandingsHeading';
import { StandingsNote } from './StandingsNote';
import { StandingsViewSwitch, useStandingsView, type StandingsView } from './StandingsView';
import { TitleFightLink } from './TitleFightLink';
import styles from './Standings.module.css';

/** What the frame reads of a standings entry, a driver's or a team's. */
type Standing = { standingsAfter: ResultsKnown; provisional: boolean };

type StandingsFrameProps<Entry extends Standing> = {
  kind: 'Driver' | 'Team';
  description: string;
  lead: string;
  /** Best placed first. */
  standings: QueryView<Entry[]>;
  /** The grid's class, of the cards and of their placeholders. */
  grid: string | undefined;
  /** Enough placeholder cards to hold the page's height while the standings load. */
  placeholder: { count: number; card: ReactNode };
  /** The standings in the chosen view. */
  children: (entries: Entry[], view: StandingsView) => ReactNode;
  /** Below the link to the title fight. */
  after?: ReactNode;
};

/**
 * The driver and team standings' page (docs/product.md, Standings): the season's title, the race the standings are
 * after when later ones miss their results, the provisional note, the view switch, then the list or table.
 */
export function StandingsFrame<Entry extends Standing>({ kind, description, lead, standings, grid, placeholder, children, after }: StandingsFrameProps<Entry>) {
  useResultsStream();
  const { title, heading } = useStandingsTitle(kind);
  const view = useStandingsView();
  const noun = kind.toLowerCase();
  return (
    <Page title={title} heading={heading} description={description} lead={lead}>
      <QueryState
        query={standings}
        pending={
          <ol className={grid} aria-busy="true" aria-label={`Loading the ${noun} standings`}>
            {Array.from({ length: placeholder.count }, (_, index) => (
              <li key={index}>{placeholder.card}</li>
            ))}
          </ol>
        }
        error={`The ${noun} standings could not be loaded.`}
      >
        {(entries) =>
          entries.length === 0 ? (
            <p className={styles.empty}>{`No ${noun}s have been entered for this season yet.`}</p>
          ) : (
            <>
              <StandingsNote known={entries[0]?.standingsAfter} />
              {entries.some((entry) => entry.provisional) && <ProvisionalNote text={PROVISIONAL_STANDINGS} />}
              <StandingsViewSwitch view={view} />
              {children(entries, view)}
            </>
          )
        }
      </QueryState>
      <TitleFightLink />
      {after}
    </Page>
  );
}
