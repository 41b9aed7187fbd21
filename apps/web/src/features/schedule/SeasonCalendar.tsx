import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { SeasonScheduleResponse } from '@slipstream/contract';
import { useState } from 'react';
import { useToday } from '../../lib/clock';
import { useTimeZone } from '../../lib/visitor';
import { monthGrid, type Month } from './calendar';
import { MonthCalendar } from './MonthCalendar';
import { seasonScheduleQuery } from './queries';

/**
 * The calendar as the schedule shows it: opening on a given month, today by the server's clock (rendered again
 * when the day changes, not every second), and the race
 * chips of whichever seasons the visible six weeks touch (a season that cannot be loaded simply has none).
 */
export function SeasonCalendar({ initialMonth }: { initialMonth: Month }) {
  const [month, setMonth] = useState(initialMonth);
  const timeZone = useTimeZone();
  const today = useToday(timeZone);
  const grid = monthGrid(month);
  const years = [...new Set([grid[0]!, grid.at(-1)!].map((day) => Number(day.slice(0, 4))))];
  const meetings = useQueries({
    queries: years.map((year) => seasonScheduleQuery(year)),
    combine: meetingsOfSeasons,
  });
  return <MonthCalendar month={month} onMonthChange={setMonth} meetings={meetings} today={today} timeZone={timeZone} />;
}

/** Module-level, so the query library keeps the same array between renders while no answer changes. */
function meetingsOfSeasons(results: UseQueryResult<SeasonScheduleResponse>[]) {
  return results.flatMap((result) => result.data?.meetings ?? []);
}
