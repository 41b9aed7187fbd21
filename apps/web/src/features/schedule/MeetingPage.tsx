import { useQuery } from '@tanstack/react-query';
import { meetingAddress, type MeetingDetailResponse } from '@slipstream/contract';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { ButtonLink } from '../../lib/ui/Button';
import { Page } from '../../lib/ui/Page';
import { QueryState } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { AnalysisSection } from './analysis/AnalysisSection';
import { AddMeetingToCalendar } from './AddToCalendar';
import { CircuitCard } from './CircuitCard';
import { MeetingHero } from './MeetingHero';
import { MeetingResults } from './MeetingResults';
import { meetingQuery } from './queries';
import { HeroSkeleton } from './ScheduleSkeleton';
import styles from './MeetingPage.module.css';
import { useResultsStream } from '../../lib/useResultsStream';

/** "british-grand-prix" → "British Grand Prix", until the meeting's own name is loaded. */
function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toLocaleUpperCase() + word.slice(1))
    .join(' ');
}

function describe(meeting: MeetingDetailResponse): string {
  return `${meeting.meetingName} ${meeting.season}: every session of the weekend in your local time, the ${meeting.circuit.fullName} and the results.`;
}

const LOADING_ABOUT = 'The race weekend’s sessions in your local time, its circuit and its results.';

function MeetingPage() {
  useResultsStream();
  const { an = '', meeting_name: slug = '' } = useParams();
  const address = meetingAddress(an, slug);
  if (!address) return <MeetingNotFound season={an} slug={slug} />;
  return <Meeting season={address.year} slug={address.slug} />;
}

function Meeting({ season, slug }: { season: number; slug: string }) {
  const meeting = useQuery(meetingQuery(season, slug));

  if (meeting.error instanceof ApiError && (meeting.error.status === 404 || meeting.error.status === 400)) {
    return <MeetingNotFound season={String(season)} slug={slug} />;
  }
  const frame = { title: `${nameFromSlug(slug)} ${season}`, description: LOADING_ABOUT };
  return (
    <QueryState
      query={meeting}
      pending={
        <Page {...frame} lead={<Skeleton width="min(100%, 28rem)" />}>
          <div className={styles.layout}>
            <p role="status" className="visually-hidden">
              Loading the race weekend…
            </p>
            <HeroSkeleton />
            <Skeleton shape="block" height="36rem" />
          </div>
        </Page>
      }
      error="This race weekend could not be loaded."
      failure={(note) => <Page {...frame}>{note}</Page>}
    >
      {(data) => (
        // The same Page as while loading, so the page is not mounted again when the weekend arrives.
        <Page title={`${data.meetingName} ${data.season}`} description={describe(data)} lead={data.officialName}>
          <p className={styles.calendar}>
            <AddMeetingToCalendar season={data.season} round={data.round} meetingName={data.meetingName} />
          </p>
          <div className={styles.layout}>
            <MeetingHero meeting={data} />
            <CircuitCard meeting={data} />
          </div>
          <MeetingResults meeting={data} />
          {data.status !== 'upcoming' && <AnalysisSection season={data.season} slug={slug} />}
        </Page>
      )}
    </QueryState>
  );
}

function MeetingNotFound({ season, slug }: { season: string; slug: string }) {
  return (
    <Page
      title="Race weekend not found"
      description="There is no race weekend at this address on Slipstream."
      lead={
        <>
          There is no {nameFromSlug(slug) || 'race weekend'} in the {season} season. The link may be out of date, or
          the address mistyped.
        </>
      }
    >
      <ButtonLink to={paths.schedule}>Back to the schedule</ButtonLink>
    </Page>
  );
}

export { MeetingPage as Component };
