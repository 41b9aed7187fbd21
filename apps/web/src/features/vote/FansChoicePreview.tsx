import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { voteCategoryLabels, type LastMeeting, type VotePreviewDriver, type VotePreviewResponse, type VotePreviewTeam } from '@slipstream/contract';
import { lastMeetingQuery } from '../../lib/queries';
import { initials } from '../../lib/text';
import { ButtonLink } from '../../lib/ui/Button';
import { Card } from '../../lib/ui/Card';
import { PhotoBadge } from '../../lib/ui/PhotoBadge';
import { allOf, QueryState } from '../../lib/ui/QueryState';
import { Skeleton } from '../../lib/ui/Skeleton';
import { paths } from '../../lib/paths';
import { votesLabel } from './RaceResults';
import { votePreviewQuery } from './queries';
import styles from './FansChoicePreview.module.css';

const BADGE_SIZE = 56;

/**
 * The home page's "Fan's Choice Awards": the current leaders of the last race's vote in each category, and the
 * way to the vote. Hidden when either call fails, and while the last race gives way to the next meeting
 * (/api/get-last's too-soon message: its vote has closed then).
 */
export function FansChoicePreview() {
  const last = useQuery(lastMeetingQuery);
  const race = last.data && 'fomRaceId' in last.data ? last.data : undefined;
  const preview = useQuery({ ...votePreviewQuery(race?.fomRaceId ?? 0), enabled: race !== undefined });
  if (last.data && !race) return null;
  return (
    <QueryState query={allOf(last, preview)} pending={<PreviewCard race={race} />} error={null}>
      {([, leaders]) => <PreviewCard race={race} preview={leaders} />}
    </QueryState>
  );
}

/** The card, with placeholders for what has not come yet: the race (the last meeting's answer), then its leaders. */
function PreviewCard({ race, preview }: { race: LastMeeting | undefined; preview?: VotePreviewResponse }) {
  return (
    <Card as="section" title="Fan's Choice Awards" className={styles.preview}>
      <p className={styles.race}>
        {race ? `Current leaders for the ${race.race.meetingName}` : <Skeleton width="16rem" />}
        {preview && <span className={styles.total}> · {votesLabel(preview.totalVotes)}</span>}
      </p>
      {race && race.latestResults.race?.raceId !== race.fomRaceId && (
        <p className={styles.waiting}>The results of this race are not in yet: voting opens once they are.</p>
      )}
      {preview ? <Leaders preview={preview} /> : <LeadersSkeleton />}
      <ButtonLink to={paths.vote} className={styles.action}>
        See Full Results & Vote Now!
      </ButtonLink>
    </Card>
  );
}

function Leaders({ preview }: { preview: VotePreviewResponse }) {
  return (
    <ul className={styles.leaders}>
      <DriverLeader category={voteCategoryLabels.bestPointScorer} leader={preview.topTenDrivers[0]} />
      <DriverLeader category={voteCategoryLabels.bestOfTheRest} leader={preview.topBestOfTheRestDrivers[0]} />
      <TeamLeader category={voteCategoryLabels.bestTeam} leader={preview.topBestTeam[0]} />
    </ul>
  );
}

function DriverLeader({ category, leader }: { category: string; leader: VotePreviewDriver | undefined }) {
  if (!leader) return <NoLeader category={category} />;
  const { driverImage, driverFirstName, driverLastName, displayTeamName } = leader.driverData;
  const name = `${driverFirstName} ${driverLastName}`.trim();
  return (
    <Leader
      category={category}
      badge={<PhotoBadge src={driverImage} alt={name} fallback={initials(name)} colour={leader.teamColour} size={BADGE_SIZE} />}
      name={name}
      detail={displayTeamName}
      percent={leader.percent}
    />
  );
}

function TeamLeader({ category, leader }: { category: string; leader: VotePreviewTeam | undefined }) {
  if (!leader) return <NoLeader category={category} />;
  const { teamLogoImage, displayTeamName } = leader.teamData;
  return (
    <Leader
      category={category}
      badge={
        <PhotoBadge src={teamLogoImage} alt={displayTeamName} fallback={initials(displayTeamName)} colour={leader.teamColour} size={BADGE_SIZE} shape="rounded" />
      }
      name={displayTeamName}
      detail={null}
      percent={leader.percent}
    />
  );
}

type LeaderProps = { category: string; badge: ReactNode; name: string; detail: string | null; percent: number };

function Leader({ category, badge, name, detail, percent }: LeaderProps) {
  return (
    <li className={styles.leader}>
      {badge}
      <div className={styles.text}>
        <span className={styles.category}>{category}</span>
        <span className={styles.name}>{name}</span>
        <span className={styles.detail}>
          {detail && <>{detail} · </>}
          {percent}% of the votes
        </span>
      </div>
    </li>
  );
}

function NoLeader({ category }: { category: string }) {
  return (
    <li className={styles.leader}>
      <span className={styles.emptyBadge} aria-hidden="true" />
      <div className={styles.text}>
        <span className={styles.category}>{category}</span>
        <span className={styles.detail}>No votes yet</span>
      </div>
    </li>
  );
}

function LeadersSkeleton() {
  return (
    <ul className={styles.leaders} aria-hidden="true">
      {[0, 1, 2].map((tile) => (
        <li key={tile} className={styles.leader}>
          <Skeleton shape="circle" width={BADGE_SIZE} height={BADGE_SIZE} />
          <div className={styles.text}>
            <Skeleton width="7rem" />
            <Skeleton width="9rem" />
            <Skeleton width="8rem" />
          </div>
        </li>
      ))}
    </ul>
  );
}
