import type { CircuitSummary, NextMeetingResponse, TimetableEntry } from '@slipstream/contract';

/**
 * The 2025 British Grand Prix weekend as F1DB records it (UTC), for the home page and live centre test data:
 * Practice 3 at 10:30, Qualifying at 14:00 on 5 July, the race at 14:00 on 6 July.
 */

export const silverstone: CircuitSummary = {
  id: 'silverstone',
  layoutId: 'silverstone-8',
  name: 'Silverstone',
  fullName: 'Silverstone Circuit',
  placeName: 'Silverstone',
  countryName: 'United Kingdom',
  timeZone: 'Europe/London',
  svgUrl: '/api/circuits/silverstone-8.svg',
};

const session = (
  session: TimetableEntry['session'],
  description: string,
  startUtc: string,
  minutes: number,
): TimetableEntry => {
  const start = new Date(startUtc);
  return {
    session,
    description,
    startTime: new Date(start.getTime() + 60 * 60_000).toISOString().slice(0, 19),
    gmtOffset: '+01:00',
    startTimeUtc: start.toISOString(),
    endTimeUtc: new Date(start.getTime() + minutes * 60_000).toISOString(),
    date: startUtc.slice(0, 10),
    // What the server said when it answered; the pages work from the windows.
    status: 'upcoming',
    results: null,
  };
};

export const britishGrandPrixTimetable: TimetableEntry[] = [
  session('FREE_PRACTICE_1', 'Practice 1', '2025-07-04T11:30:00Z', 60),
  session('FREE_PRACTICE_2', 'Practice 2', '2025-07-04T15:00:00Z', 60),
  session('FREE_PRACTICE_3', 'Practice 3', '2025-07-05T10:30:00Z', 60),
  session('QUALIFYING', 'Qualifying', '2025-07-05T14:00:00Z', 60),
  session('RACE', 'Race', '2025-07-06T14:00:00Z', 120),
];

/** GET /api/get-next before the weekend starts. */
export const britishGrandPrixNext: NextMeetingResponse = {
  fomRaceId: 1262,
  race: { meetingName: 'British Grand Prix', meetingCountryName: 'United Kingdom', meetingStartDate: '2025-07-04T11:30:00.000Z' },
  meetingContext: { season: 2025, nr_runda: 12 },
  slug: 'british-grand-prix',
};
