import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MeetingSummary, ReplaySession } from '@slipstream/contract';
import { PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { useClock } from '../../lib/clock';
import { liveFeedQuery } from '../../lib/liveFeed';
import { metaQuery } from '../../lib/queries';
import { Card } from '../../lib/ui/Card';
import { QueryState } from '../../lib/ui/QueryState';
import { Page } from '../../lib/ui/Page';
import { Skeleton } from '../../lib/ui/Skeleton';
import { Classification } from './Classification';
import { DataSource } from './DataSource';
import { liveCentreQuery } from './queries';
import { SessionNow } from './SessionNow';
import { nextBoundary } from './sessions';
import { useResultsStream } from '../../lib/useResultsStream';
import { WeekendTimetable } from './WeekendTimetable';
import { useSearchParams } from 'react-router';
import { ReplayControls, ReplayPicker } from './timing/Replay';
import { TimingTower } from './timing/TimingTower';
import { useLiveTiming } from './timing/useLiveTiming';
import { useReplay, useReplaySession } from './timing/useReplay';
import styles from './LivePage.module.css';

/** The search parameter naming the session being replayed (a catalogue's ref), so a replay can be linked to. */
const REPLAY_PARAM = 'replay';

/** Without the push channel, the page looks for new results at most this often. */
export const FALLBACK_REFETCH_MS = 60_000;

function LivePage() {
  const [search, setSearch] = useSearchParams();
  const replayRef = search.get(REPLAY_PARAM);
  const { timing, onLiveTiming } = useLiveTiming();
  const stream = useResultsStream({ onLiveTiming });
  const centre = useQuery({ ...liveCentreQuery, refetchInterval: stream.state === 'open' ? false : FALLBACK_REFETCH_MS });
  const meta = useQuery(metaQuery);
  const feed = useQuery(liveFeedQuery);
  // The timetable says a session runs; the feed being connected, or the tower being live, says it really does.
  const liveConfirmed = feed.data?.state === 'connected' || timing.data?.live === true;
  useRefetchAtSessionBoundaries(centre.data?.meeting ?? null);

  return (
    <Page page="live" lead={PAGE_DESCRIPTIONS.live}>
      {replayRef ? (
        <ReplayView replayRef={replayRef} onClose={() => setSearch({})} />
      ) : (
        timing.data?.live &&
        timing.data.tower && (
          <section aria-label="Live timing" className={styles.timingSection}>
            <TimingTower tower={timing.data.tower} title="Live timing" />
          </section>
        )
      )}
      <div className={styles.layout}>
        <div className={styles.main}>
          <QueryState query={centre} pending={<CentreSkeleton />} error="The live session centre could not be loaded.">
            {({ meeting, latest, awaiting }) => (
              <>
                <SessionNow meeting={meeting} liveConfirmed={liveConfirmed} />
                <Classification latest={latest} awaiting={awaiting} />
              </>
            )}
          </QueryState>
          {!replayRef && timing.data && !timing.data.live && timing.data.tower && (
            <section aria-label="Final timing of the last session" className={styles.finalTower}>
              <TimingTower tower={timing.data.tower} title="Final timing of the last session" />
            </section>
          )}
        </div>
        <div className={styles.side}>
          <div className={styles.replayCard}>
            <ReplayPicker onChoose={(ref) => setSearch({ [REPLAY_PARAM]: ref })} />
          </div>
          {centre.data?.meeting && <WeekendTimetable meeting={centre.data.meeting} liveConfirmed={liveConfirmed} />}
          <DataSource
            dataVersion={meta.isError ? null : meta.data?.dataVersion}
            feed={feed.isError ? null : feed.data}
            stream={stream.state}
            lastUpdate={stream.lastUpdate}
          />
        </div>
      </div>
    </Page>
  );
}

/** A recorded session played in this browser, above the rest of the page. */
function ReplayView({ replayRef, onClose }: { replayRef: string; onClose: () => void }) {
  const session = useReplaySession(replayRef);
  return (
    <QueryState
      query={session}
      pending={
        <p role="status" className={styles.muted}>
          Loading the recorded session…
        </p>
      }
      error={(error) => `This session could not be replayed: ${error.message}`}
    >
      {(recording) => <ReplayPlayer key={replayRef} recording={recording} onClose={onClose} />}
    </QueryState>
  );
}

function ReplayPlayer({ recording, onClose }: { recording: ReplaySession; onClose: () => void }) {
  const replay = useReplay(recording);
  return (
    <section aria-label="Replay" className={styles.timingSection}>
      <ReplayControls replay={replay} onClose={onClose} />
      <TimingTower tower={replay.tower} title="Replay" />
    </section>
  );
}

/** setTimeout's longest wait (about 24.8 days); a later boundary is looked at again then. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * When a session starts or ends by the clock, the latest classification may change: refetch the centre at each
 * such instant, which is at most a few times a weekend.
 */
function useRefetchAtSessionBoundaries(meeting: MeetingSummary | null) {
  const clock = useClock();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!meeting) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const at = nextBoundary(meeting.timetables, clock.now());
      if (at === undefined) return;
      timer = setTimeout(() => {
        if (clock.now() >= at) void queryClient.invalidateQueries({ queryKey: liveCentreQuery.queryKey });
        schedule();
      }, Math.min(at - clock.now(), MAX_TIMEOUT_MS));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [meeting, clock, queryClient]);
}

function CentreSkeleton() {
  return (
    <>
      <Card>
        <Skeleton width="35%" />
        <Skeleton width="60%" />
        <Skeleton width="45%" height="2rem" />
        <Skeleton width="70%" height="3.5rem" />
        <Skeleton lines={2} />
      </Card>
      <Card>
        <Skeleton width="60%" height="1.5rem" />
        <Skeleton shape="block" width="100%" height="24rem" />
      </Card>
      <span className="visually-hidden" role="status">
        Loading the live session centre…
      </span>
    </>
  );
}

export { LivePage as Component };
