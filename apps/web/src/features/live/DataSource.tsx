import type { DataVersion, LiveFeedStatus, ResultsUpdateSource, ResultsUpdatedEvent } from '@slipstream/contract';
import { useTimeZone } from '../../lib/visitor';
import { formatDate, formatDateTime, formatTime } from '../../lib/time';
import { Card } from '../../lib/ui/Card';
import { Skeleton } from '../../lib/ui/Skeleton';
import type { StreamState } from '../../lib/useResultsStream';
import styles from './LivePage.module.css';

const STORED_BY: Record<ResultsUpdateSource, string> = {
  import: 'an F1DB import',
  test: 'a test hook',
  'live-timing': "F1's live-timing archive (provisional until F1DB confirms it)",
};

const STREAM_TEXT: Record<StreamState, string> = {
  connecting: 'Result updates: connecting to this site…',
  open: 'Result updates: connected to this site; results appear on this page as soon as the site stores them.',
  dropped: 'Result updates are reconnecting; meanwhile this page checks for new results once a minute.',
  unsupported: 'This browser cannot receive pushed updates: this page checks for new results once a minute.',
};

type DataSourceProps = {
  /** undefined while loading, null when nothing has been imported. */
  dataVersion: DataVersion | null | undefined;
  /** The server's live-timing feed: undefined while loading, null when its state could not be read. */
  feed: LiveFeedStatus | null | undefined;
  stream: StreamState;
  lastUpdate: ResultsUpdatedEvent | null;
};

/** "Live timing: connected to F1's feed since 17:02." and the like, in the visitor's zone. */
function feedStatusText(status: LiveFeedStatus, timeZone?: string): string {
  const since = status.since ? ` since ${formatTime(status.since, { timeZone })}` : '';
  const session = status.session ? ` (${status.session})` : '';
  switch (status.state) {
    case 'connected':
      return `Live timing: connected to F1's feed${since}${session}.`;
    case 'connecting':
      return `Live timing: connecting to F1's feed${session}…`;
    case 'reconnecting':
      return `Live timing: the feed dropped; reconnecting${since}${session}. The tower may be behind.`;
    case 'unreachable':
      return `Live timing: F1's feed cannot be reached${since}${session}. No live data: sessions show by the timetable only.`;
    case 'idle':
      return 'Live timing: no session is on now; the feed opens half an hour before the next one.';
    case 'off':
      return 'Live timing: this server does not read F1’s live feed; sessions show by the timetable only.';
  }
}

/** Says honestly where the page's data comes from, how fresh it is, and whether updates reach it. */
export function DataSource({ dataVersion, feed, stream, lastUpdate }: DataSourceProps) {
  const timeZone = useTimeZone();
  return (
    <Card as="section" title="Where this comes from" className={styles.sourceCard}>
      <div className={styles.source}>
        <p>
          Sessions follow the published timetable. Classifications (practice, qualifying, sprint and race) come from
          F1DB and, within minutes of a session's end, from F1's live-timing archive, marked Provisional until F1DB
          confirms them.
        </p>
        {dataVersion === undefined ? (
          <Skeleton lines={2} />
        ) : dataVersion ? (
          <p>
            Results: {dataVersion.source} import <code>{dataVersion.version}</code>, results up to{' '}
            {formatDate(dataVersion.dataDate.slice(0, 10))}; imported {formatDateTime(dataVersion.importedAt)}.
          </p>
        ) : (
          <p>No F1DB data has been imported on this server yet.</p>
        )}
        {feed !== undefined && (
          <p className={styles.feedState} data-state={feed?.state ?? 'unknown'} role="status">
            {feed ? feedStatusText(feed, timeZone) : 'Live timing: the state of F1’s feed could not be read from this site.'}
          </p>
        )}
        <p className={styles.streamState} data-state={stream} role="status">
          {STREAM_TEXT[stream]}
        </p>
        {lastUpdate && (
          <p className={styles.lastUpdate} role="status">
            Updated at {formatTime(lastUpdate.at)}: new results were stored by {STORED_BY[lastUpdate.source]}
            {lastUpdate.version ? ` (${lastUpdate.version})` : ''}.
          </p>
        )}
      </div>
    </Card>
  );
}
