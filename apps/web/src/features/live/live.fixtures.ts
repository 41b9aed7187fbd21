import type { LiveCentreResponse, MeetingSummary } from '@slipstream/contract';
import { britishGrandPrixTimetable, silverstone } from '../../test/britishGrandPrix';

/** Test answers in the shape of GET /api/live/centre: the 2025 British Grand Prix weekend. */

export const britishGrandPrix: MeetingSummary = {
  raceId: 1137,
  season: 2025,
  round: 12,
  meetingName: 'British Grand Prix',
  officialName: 'Formula 1 Qatar Airways British Grand Prix 2025',
  slug: 'british-grand-prix',
  countryName: 'United Kingdom',
  countryCode: 'GB',
  startDate: '2025-07-04T11:30:00.000Z',
  endDate: '2025-07-06T16:00:00.000Z',
  isSprintWeekend: false,
  status: 'live',
  isCurrent: true,
  circuit: silverstone,
  timetables: britishGrandPrixTimetable,
};

const row = (position: number, driverName: string, teamName: string, time: string, points: number) => ({
  positionText: String(position),
  positionNumber: position,
  driverId: driverName.toLowerCase().replace(/ /g, '-'),
  driverCode: driverName.split(' ')[1]!.slice(0, 3).toUpperCase(),
  driverName,
  driverNumber: String(position),
  teamName,
  teamColour: '#FF8000',
  time,
  status: 'Finished',
  points,
  grid: '1',
  laps: 70,
  q1: null,
  q2: null,
  q3: null,
});

export const centreDuringQualifying: LiveCentreResponse = {
  meeting: britishGrandPrix,
  latest: {
    season: 2025,
    round: 11,
    meetingName: 'Austrian Grand Prix',
    slug: 'austrian-grand-prix',
    session: 'RACE',
    provisional: false,
    description: 'Race',
    endedAt: '2025-06-29T15:00:00.000Z',
    rows: [row(1, 'Lando Norris', 'McLaren', '1:23:47.693', 25), row(2, 'Oscar Piastri', 'McLaren', '+2.695', 18)],
  },
  awaiting: [],
};
