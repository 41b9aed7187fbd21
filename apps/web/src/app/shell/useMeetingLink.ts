import { useQuery } from '@tanstack/react-query';
import type { NextMeetingResponse } from '@slipstream/contract';
import { useClock, useClockReady } from '../../lib/clock';
import { paths } from '../../lib/paths';
import { lastMeetingQuery, nextMeetingQuery } from '../../lib/queries';

/** The threshold of docs/product.md (Shell): a next meeting starting more than this far ahead makes the link "Last meeting". */
const MEETING_LINK_THRESHOLD_MS = 24 * 60 * 60 * 1000;

export type MeetingLink = { label: 'Current meeting' | 'Last meeting'; to: string };

function startsAfterThreshold(next: NextMeetingResponse, now: number): boolean {
  return Date.parse(next.race.meetingStartDate) - now > MEETING_LINK_THRESHOLD_MS;
}

/**
 * The navbar's meeting link, decided by the server's clock: the next meeting once it is a day or
 * less away, else the last one. Null (no link) while loading or when a call fails.
 */
export function useMeetingLink(): MeetingLink | null {
  const clock = useClock();
  const clockReady = useClockReady();
  const next = useQuery(nextMeetingQuery);
  const showLast = clockReady && next.data !== undefined && startsAfterThreshold(next.data, clock.now());
  const last = useQuery({ ...lastMeetingQuery, enabled: showLast });

  if (!clockReady || !next.data) return null;
  if (!showLast) {
    return { label: 'Current meeting', to: paths.meeting(next.data.meetingContext.season, next.data.slug) };
  }
  if (!last.data || !('slug' in last.data)) return null;
  return { label: 'Last meeting', to: paths.meeting(last.data.meetingContext.season, last.data.slug) };
}
