import { queryOptions } from '@tanstack/react-query';
import type { MeetingStatus } from '@slipstream/contract';
import { api } from '../../lib/api';

const MINUTE = 60_000;

/** Statuses move with the racing clock (the server's answers change by the minute) until a weekend is over. */
function refreshWhileRunning(statuses: MeetingStatus[] | undefined): number | false {
  return statuses?.some((status) => status !== 'completed') ? MINUTE : false;
}

export function seasonScheduleQuery(season: number) {
  return queryOptions({
    queryKey: ['seasons', season, 'meetings'],
    queryFn: () => api('seasonSchedule', { params: { year: season } }),
    staleTime: MINUTE,
    refetchInterval: (query) => refreshWhileRunning(query.state.data?.meetings.map((meeting) => meeting.status)),
  });
}

export function meetingQuery(season: number, slug: string) {
  return queryOptions({
    queryKey: ['seasons', season, 'meetings', slug],
    queryFn: () => api('meeting', { params: { year: season, slug } }),
    staleTime: MINUTE,
    refetchInterval: (query) => refreshWhileRunning(query.state.data && [query.state.data.status]),
  });
}
