import type {
  ClassificationRow,
  MeetingDetailResponse,
  MeetingSummary,
  SessionKind,
  SessionStatus,
  TimetableEntry,
} from '@slipstream/contract';

/** Hand-written meetings in the API's shapes for the schedule's and results' tests (times as in the 2025 calendar). */

const DESCRIPTIONS: Partial<Record<SessionKind, string>> = {
  FREE_PRACTICE_1: 'Practice 1',
  FREE_PRACTICE_2: 'Practice 2',
  FREE_PRACTICE_3: 'Practice 3',
  SPRINT_QUALIFYING: 'Sprint Qualifying',
  SPRINT: 'Sprint',
  QUALIFYING: 'Qualifying',
  RACE: 'Race',
};

/** A timed session; the circuit's wall-clock fields are not read by the schedule, so they stay in UTC. */
export function timedSession(session: SessionKind, startTimeUtc: string, status: SessionStatus = 'upcoming'): TimetableEntry {
  return {
    session,
    description: DESCRIPTIONS[session] ?? session,
    startTime: startTimeUtc.slice(0, 19),
    gmtOffset: '+00:00',
    startTimeUtc,
    endTimeUtc: new Date(Date.parse(startTimeUtc) + 60 * 60_000).toISOString(),
    date: startTimeUtc.slice(0, 10),
    status,
    // A finished session of these fixtures has its official results unless a test says otherwise.
    results: status === 'completed' ? 'official' : null,
  };
}

/** A session known only by its day, as in old seasons. */
export function daySession(session: SessionKind, date: string, status: SessionStatus = 'completed'): TimetableEntry {
  return { ...timedSession(session, `${date}T00:00:00.000Z`, status), startTime: null, startTimeUtc: null, endTimeUtc: null };
}

function circuit(name: string, countryName: string) {
  const id = name.toLowerCase().replace(/\s+/g, '-');
  return {
    id,
    layoutId: `${id}-1`,
    name,
    fullName: `${name} Circuit`,
    placeName: name,
    countryName,
    timeZone: 'UTC',
    svgUrl: `/api/circuits/${id}-1.svg`,
  };
}

type MeetingFields = Pick<MeetingSummary, 'round' | 'meetingName' | 'countryName' | 'countryCode' | 'timetables'> &
  Partial<MeetingSummary> & { circuitName: string };

export function testMeeting({ circuitName, ...fields }: MeetingFields): MeetingSummary {
  const starts = fields.timetables.map((entry) => entry.startTimeUtc ?? `${entry.date}T00:00:00.000Z`).sort();
  const slug = fields.meetingName.toLowerCase().replace(/\s+/g, '-');
  return {
    raceId: 1100 + fields.round,
    season: 2025,
    officialName: `Formula 1 ${fields.meetingName} 2025`,
    slug,
    startDate: starts[0]!,
    endDate: starts.at(-1)!,
    isSprintWeekend: fields.timetables.some((entry) => entry.session === 'SPRINT'),
    status: 'upcoming',
    isCurrent: false,
    circuit: circuit(circuitName, fields.countryName),
    ...fields,
  };
}

export const chineseGrandPrix = testMeeting({
  round: 2,
  meetingName: 'Chinese Grand Prix',
  circuitName: 'Shanghai',
  countryName: 'China',
  countryCode: 'CN',
  status: 'completed',
  timetables: [
    timedSession('FREE_PRACTICE_1', '2025-03-21T03:30:00.000Z', 'completed'),
    timedSession('SPRINT_QUALIFYING', '2025-03-21T07:30:00.000Z', 'completed'),
    timedSession('SPRINT', '2025-03-22T03:00:00.000Z', 'completed'),
    timedSession('QUALIFYING', '2025-03-22T07:00:00.000Z', 'completed'),
    timedSession('RACE', '2025-03-23T07:00:00.000Z', 'completed'),
  ],
});

/** The current round at 2025-07-05T12:00:00Z: practice done, qualifying next. */
export const britishGrandPrix = testMeeting({
  round: 12,
  meetingName: 'British Grand Prix',
  circuitName: 'Silverstone',
  countryName: 'United Kingdom',
  countryCode: 'GB',
  status: 'live',
  isCurrent: true,
  timetables: [
    timedSession('FREE_PRACTICE_1', '2025-07-04T11:30:00.000Z', 'completed'),
    timedSession('FREE_PRACTICE_2', '2025-07-04T15:00:00.000Z', 'completed'),
    timedSession('FREE_PRACTICE_3', '2025-07-05T10:30:00.000Z', 'completed'),
    timedSession('QUALIFYING', '2025-07-05T14:00:00.000Z', 'isNext'),
    timedSession('RACE', '2025-07-06T14:00:00.000Z'),
  ],
});

/** A night race: Thursday evening and Saturday night in Las Vegas are Friday and Sunday in UTC. */
export const lasVegasGrandPrix = testMeeting({
  round: 22,
  meetingName: 'Las Vegas Grand Prix',
  circuitName: 'Las Vegas',
  countryName: 'United States',
  countryCode: 'US',
  timetables: [
    timedSession('FREE_PRACTICE_1', '2025-11-21T00:30:00.000Z'),
    timedSession('FREE_PRACTICE_2', '2025-11-21T04:00:00.000Z'),
    timedSession('FREE_PRACTICE_3', '2025-11-22T00:30:00.000Z'),
    timedSession('QUALIFYING', '2025-11-22T04:00:00.000Z'),
    timedSession('RACE', '2025-11-23T04:00:00.000Z'),
  ],
});

export const abuDhabiGrandPrix = testMeeting({
  round: 24,
  meetingName: 'Abu Dhabi Grand Prix',
  circuitName: 'Yas Marina',
  countryName: 'United Arab Emirates',
  countryCode: 'AE',
  timetables: [
    timedSession('FREE_PRACTICE_1', '2025-12-05T09:30:00.000Z'),
    timedSession('FREE_PRACTICE_2', '2025-12-05T13:00:00.000Z'),
    timedSession('FREE_PRACTICE_3', '2025-12-06T10:30:00.000Z'),
    timedSession('QUALIFYING', '2025-12-06T14:00:00.000Z'),
    timedSession('RACE', '2025-12-07T13:00:00.000Z'),
  ],
});

export function classification(
  rows: Array<Pick<ClassificationRow, 'driverName' | 'teamName'> & Partial<ClassificationRow>>,
): ClassificationRow[] {
  return rows.map((row, index) => ({
    positionText: String(index + 1),
    positionNumber: index + 1,
    driverId: row.driverName.toLowerCase().replace(/\s+/g, '-'),
    driverCode: row.driverName.split(' ').at(-1)!.slice(0, 3).toUpperCase(),
    driverNumber: String(index + 1),
    teamColour: '#FF8000',
    time: null,
    status: null,
    points: null,
    grid: null,
    laps: null,
    q1: null,
    q2: null,
    q3: null,
    ...row,
  }));
}

const noResults: MeetingDetailResponse['results'] = {
  qualifying: [],
  sprintQualifying: [],
  sprint: [],
  race: [],
  fastestLap: null,
  practice: [],
  provisional: [],
};

export function testMeetingDetail(
  meeting: MeetingSummary,
  results: Partial<MeetingDetailResponse['results']> = {},
): MeetingDetailResponse {
  return {
    ...meeting,
    circuitFacts: {
      length: 5.451,
      turns: 16,
      direction: 'CLOCKWISE',
      laps: 56,
      distance: 305.066,
      type: 'RACE',
      firstGrandPrixYear: 2004,
    },
    results: { ...noResults, ...results },
  };
}
