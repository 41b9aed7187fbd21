import type { HeroMeeting, LastMeeting, LastRaceSummary } from '@slipstream/contract';
import { britishGrandPrixTimetable, silverstone } from '../../test/britishGrandPrix';

/** Test data for the home page: the 2025 British Grand Prix is on, the Austrian one the last run. */

export const britishGrandPrix: HeroMeeting = {
  race: {
    meetingName: 'British Grand Prix',
    meetingOfficialName: 'Formula 1 Qatar Airways British Grand Prix 2025',
    meetingCountryName: 'United Kingdom',
    meetingStartDate: '2025-07-04T11:30:00.000Z',
    meetingEndDate: '2025-07-06T16:00:00.000Z',
  },
  circuitSmallImage: { url: '/api/circuits/silverstone-8.svg' },
  fomRaceId: 1137,
  meetingContext: {
    status: 'live',
    season: 2025,
    nr_runda: 12,
    timetables: britishGrandPrixTimetable,
  },
  slug: 'british-grand-prix',
  circuit: silverstone,
};

export const austrianGrandPrix: LastMeeting = {
  fomRaceId: 1136,
  race: {
    meetingName: 'Austrian Grand Prix',
    meetingCountryName: 'Austria',
    meetingStartDate: '2025-06-27T11:30:00.000Z',
    meetingEndDate: '2025-06-29T15:00:00.000Z',
  },
  meetingContext: { season: 2025, nr_runda: 11, status: 'completed' },
  slug: 'austrian-grand-prix',
  latestResults: {
    race: { raceId: 1136, season: 2025, round: 11, meetingName: 'Austrian Grand Prix', slug: 'austrian-grand-prix', date: '2025-06-29' },
    racesMissing: 0,
  },
};

/** The 2025 Austrian Grand Prix's podiums, as GET /api/season-results/homepage answers them. */
export const austrianSummary: LastRaceSummary = {
  topDriverResults: [
    { driverFirstName: 'Lando', driverLastName: 'Norris', displayTeamName: 'McLaren', racePoints: 25, position: 1, teamColour: '#FF8000' },
    { driverFirstName: 'Oscar', driverLastName: 'Piastri', displayTeamName: 'McLaren', racePoints: 18, position: 2, teamColour: '#FF8000' },
    { driverFirstName: 'Charles', driverLastName: 'Leclerc', displayTeamName: 'Ferrari', racePoints: 15, position: 3, teamColour: '#E80020' },
  ],
  topTeamResults: [
    { team: 'McLaren', points: 43, teamColour: '#FF8000' },
    { team: 'Ferrari', points: 27, teamColour: '#E80020' },
    { team: 'Mercedes', points: 10, teamColour: '#27F4D2' },
  ],
  posGained: [
    { driver_first_name: 'Nico', driver_last_name: 'Hülkenberg', team: 'Kick Sauber', gained: 11, teamColour: '#52E252' },
    { driver_first_name: 'Esteban', driver_last_name: 'Ocon', team: 'Haas', gained: 7, teamColour: '#B6BABD' },
    { driver_first_name: 'Fernando', driver_last_name: 'Alonso', team: 'Aston Martin', gained: 4, teamColour: '#229971' },
  ],
  provisional: false,
};
