import { MEETING_SLUG, SEASON_BOUNDS, SESSION_KINDS } from './values';
import { z } from './zod';

/**
 * The F1 read API. Answers in the product's shapes keep its field names (pozitie, nrpuncte, primulNume...: docs/product.md, Across the site);
 * everything else uses plain English. Times are ISO 8601 instants in UTC unless named *Local.
 */

export const TOO_SOON_MESSAGE = 'Upcoming race too soon. Skipping last results.';

/** F1DB ids: "max-verstappen" for a driver, "mclaren" for a constructor. */
export const f1dbId = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'an F1DB id such as max-verstappen').max(100);

export const sessionKind = z.enum(SESSION_KINDS);
export type SessionKind = z.infer<typeof sessionKind>;

export const practiceSessionKind = z.enum(['FREE_PRACTICE_1', 'FREE_PRACTICE_2', 'FREE_PRACTICE_3', 'FREE_PRACTICE_4']);
export type PracticeSessionKind = z.infer<typeof practiceSessionKind>;

/**
 * Status by the racing clock: isNext (the next to start), isCurrent (running), completed, upcoming. A session is
 * taken to run 60 minutes (sprint qualifying 44, the race 120); a meeting is completed when its race is.
 */
export const sessionStatus = z.enum(['isNext', 'isCurrent', 'completed', 'upcoming']);
export type SessionStatus = z.infer<typeof sessionStatus>;

export const meetingStatus = z.enum(['upcoming', 'live', 'completed']);
export type MeetingStatus = z.infer<typeof meetingStatus>;

/** Where a session's stored results come from: F1DB (official) or F1's live timing, not yet confirmed (provisional). */
export const sessionResults = z.enum(['official', 'provisional']);
export type SessionResults = z.infer<typeof sessionResults>;

/** One entry of a meeting's timetable, in the event-tracker shape of docs/product.md (Home) plus UTC instants. */
export const timetableEntry = z.object({
  session: sessionKind,
  /** "Practice 1", "Sprint Qualifying", "Qualifying", "Race"... */
  description: z.string(),
  /** Wall-clock time at the circuit, "2025-03-21T11:30:00"; null when only the day is known. */
  startTime: z.string().nullable(),
  /** Offset of the circuit's time zone on that day, "+08:00". */
  gmtOffset: z.string(),
  startTimeUtc: z.string().nullable(),
  endTimeUtc: z.string().nullable(),
  /** The day in UTC, always known. */
  date: z.string(),
  status: sessionStatus,
  /** The session's stored classification, if any: a finished session without one has no results in yet. */
  results: sessionResults.nullable(),
  /** Set when the session was cancelled (admin): listed in its place, never next or current. */
  cancelled: z.literal(true).optional(),
});
export type TimetableEntry = z.infer<typeof timetableEntry>;

export const circuitSummary = z.object({
  id: z.string(),
  layoutId: z.string(),
  name: z.string(),
  fullName: z.string(),
  placeName: z.string(),
  countryName: z.string(),
  timeZone: z.string(),
  /** Our endpoint for the F1DB drawing: /api/circuits/{layoutId}.svg (white), add ?variant=black|white-outline|black-outline. */
  svgUrl: z.string(),
});
export type CircuitSummary = z.infer<typeof circuitSummary>;

/** The hero / event-tracker meeting of docs/product.md (Home). */
export const heroMeeting = z.object({
  race: z.object({
    meetingName: z.string(),
    meetingOfficialName: z.string(),
    meetingCountryName: z.string(),
    meetingStartDate: z.string(),
    meetingEndDate: z.string(),
  }),
  circuitSmallImage: z.object({ url: z.string() }),
  fomRaceId: z.number().int(),
  meetingContext: z.object({
    status: meetingStatus,
    season: z.number().int(),
    nr_runda: z.number().int(),
    timetables: z.array(timetableEntry),
  }),
  slug: z.string(),
  circuit: circuitSummary,
});
export type HeroMeeting = z.infer<typeof heroMeeting>;

export const eventTrackerResponse = z.object({ data: z.array(heroMeeting) });
export type EventTrackerResponse = z.infer<typeof eventTrackerResponse>;

/** GET /api/get-next */
export const nextMeetingResponse = z.object({
  fomRaceId: z.number().int(),
  race: z.object({ meetingName: z.string(), meetingCountryName: z.string(), meetingStartDate: z.string() }),
  meetingContext: z.object({ season: z.number().int(), nr_runda: z.number().int() }),
  slug: z.string(),
});
export type NextMeetingResponse = z.infer<typeof nextMeetingResponse>;

/** A race named for what an answer is read after. */
export const raceRef = z.object({
  raceId: z.number().int(),
  season: z.number().int(),
  round: z.number().int(),
  meetingName: z.string(),
  slug: z.string(),
  /** Race day, "2026-07-26". */
  date: z.string(),
});
export type RaceRef = z.infer<typeof raceRef>;

/**
 * How far the stored results reach by the racing clock: the latest finished race an answer is read after (null
 * when none has results yet), and how many races finished after it whose results are not in yet. The data is
 * behind the clock while that count is above 0.
 */
export const resultsKnown = z.object({
  race: raceRef.nullable(),
  racesMissing: z.number().int().min(0),
});
export type ResultsKnown = z.infer<typeof resultsKnown>;

/** GET /api/get-last: the last finished meeting, or the too-soon message. */
export const lastMeeting = z.object({
  fomRaceId: z.number().int(),
  race: z.object({
    meetingName: z.string(),
    meetingCountryName: z.string(),
    meetingStartDate: z.string(),
    meetingEndDate: z.string(),
  }),
  meetingContext: z.object({ season: z.number().int(), nr_runda: z.number().int(), status: meetingStatus }),
  slug: z.string(),
  /** The latest finished race with results: this meeting's, or an earlier one while its results are not in. */
  latestResults: resultsKnown,
});
export const lastMeetingResponse = z.union([lastMeeting, z.object({ message: z.literal(TOO_SOON_MESSAGE) })]);
export type LastMeeting = z.infer<typeof lastMeeting>;
export type LastMeetingResponse = z.infer<typeof lastMeetingResponse>;

/** GET /api/teams: the Team of docs/product.md (Standings), for the featured season (or ?season=). */
/** Links an admin set for a driver or a team (driver and team editors): present only when one is set. */
export const displayLinks = z.array(z.object({ label: z.enum(['Website', 'Wikipedia', 'Instagram', 'X']), url: z.string() }));
export type DisplayLinks = z.infer<typeof displayLinks>;

export const team = z.object({
  _id: z.string(),
  name: z.string(),
  fullName: z.string(),
  pozitie: z.number().int().nullable(),
  nrpuncte: z.number().nullable(),
  curseCastigate: z.number().int().nullable(),
  liked_by: z.number().int(),
  pilot_1: z.string().nullable(),
  pilot_2: z.string().nullable(),
  logo: z.string().nullable(),
  masinaPoza: z.string().nullable(),
  culoareEchipa: z.string(),
  createdAt: z.string(),
  /** The standing is provisional: after a round whose results come from F1's live timing and F1DB has not confirmed yet. */
  provisional: z.boolean(),
  /** Set in the team editor; absent when not set. */
  principal: z.string().optional(),
  links: displayLinks.optional(),
  /** The race the standings are after, the same for every entry of an answer. */
  standingsAfter: resultsKnown,
});
export type Team = z.infer<typeof team>;
export const teamsResponse = z.array(team);

/** GET /api/drivers?order=asc: the Driver of docs/product.md (Standings), for the featured season (or ?season=). */
export const driver = z.object({
  _id: z.string(),
  /**
   * The route id, /drivers/:code: the first three letters of the surname. When drivers of the season share them,
   * the best placed keeps them and the others get their F1DB abbreviation (or the letters and a number, MON2).
   */
  code: z.string(),
  primulNume: z.string(),
  alDoileaNume: z.string(),
  echipa: z.string().nullable(),
  constructorId: z.string().nullable(),
  puncte: z.number().nullable(),
  pozitie: z.number().int().nullable(),
  culoare: z.string(),
  /** Flag image URL (our own asset), null when the nationality has no flag. */
  steag: z.string().nullable(),
  poza: z.string().nullable(),
  nrFani: z.number().int(),
  number: z.string().nullable(),
  abbreviation: z.string(),
  nationality: z.string(),
  /** The standing is provisional: after a round whose results come from F1's live timing and F1DB has not confirmed yet. */
  provisional: z.boolean(),
  /**
   * The race pozitie and puncte are after, the same for every entry of an answer. A driver without a standing
   * then (not started yet) has both null and comes last.
   */
  standingsAfter: resultsKnown,
});
export type Driver = z.infer<typeof driver>;
export const driversResponse = z.array(driver);
export const driversQuery = z.object({
  order: z.enum(['asc', 'desc']).default('asc'),
  season: z.coerce.number().int().min(1950).max(2100).optional(),
});

/** One race of a driver's season, for the detail page and its points chart. */
export const driverRaceResult = z.object({
  round: z.number().int(),
  raceId: z.number().int(),
  meetingName: z.string(),
  slug: z.string(),
  date: z.string(),
  countryName: z.string(),
  grid: z.string().nullable(),
  positionText: z.string().nullable(),
  points: z.number(),
  sprintPositionText: z.string().nullable(),
  sprintPoints: z.number(),
  status: z.string().nullable(),
  /** Championship points after this round. */
  cumulativePoints: z.number(),
  /** The round's race or sprint result is provisional (live timing, not yet confirmed by F1DB). */
  provisional: z.boolean(),
});
export type DriverRaceResult = z.infer<typeof driverRaceResult>;

/** GET /api/drivers/:code: the driver page uses the first element (docs/product.md, Standings); it carries the detail too. */
export const driverDetail = driver.extend({
  fullName: z.string(),
  dateOfBirth: z.string().nullable(),
  placeOfBirth: z.string().nullable(),
  nationalityCountryName: z.string(),
  season: z.number().int(),
  results: z.array(driverRaceResult),
  career: z.object({
    starts: z.number().int(),
    wins: z.number().int(),
    podiums: z.number().int(),
    poles: z.number().int(),
    championships: z.number().int(),
  }),
  /** Set in the driver editor; absent when none is set. */
  links: displayLinks.optional(),
});
export type DriverDetail = z.infer<typeof driverDetail>;
export const driverDetailResponse = z.array(driverDetail);

/** GET /api/favourite-drivers/fans */
export const driverFans = z.object({ driverId: z.string(), fans: z.number().int() });
export const driverFansResponse = z.array(driverFans);

/** GET /api/season-results/homepage/:season/:raceId_:slug */
export const lastRaceSummary = z.object({
  topDriverResults: z.array(
    z.object({
      driverFirstName: z.string(),
      driverLastName: z.string(),
      displayTeamName: z.string(),
      racePoints: z.number(),
      position: z.number().int(),
      teamColour: z.string(),
    }),
  ),
  topTeamResults: z.array(z.object({ team: z.string(), points: z.number(), teamColour: z.string() })),
  posGained: z.array(
    z.object({
      driver_first_name: z.string(),
      driver_last_name: z.string(),
      team: z.string(),
      gained: z.number().int(),
      teamColour: z.string(),
    }),
  ),
  /** The race's classification is provisional: from F1's live timing, not yet confirmed by F1DB. */
  provisional: z.boolean(),
});
export type LastRaceSummary = z.infer<typeof lastRaceSummary>;

/** A meeting of a season's schedule: GET /api/seasons/:year/meetings */
export const meetingSummary = z.object({
  raceId: z.number().int(),
  season: z.number().int(),
  round: z.number().int(),
  meetingName: z.string(),
  officialName: z.string(),
  slug: z.string(),
  countryName: z.string(),
  countryCode: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  isSprintWeekend: z.boolean(),
  status: meetingStatus,
  /** The current or next meeting of the season by the clock. */
  isCurrent: z.boolean(),
  circuit: circuitSummary,
  timetables: z.array(timetableEntry),
});
export type MeetingSummary = z.infer<typeof meetingSummary>;
export const seasonScheduleResponse = z.object({
  season: z.number().int(),
  meetings: z.array(meetingSummary),
});
export type SeasonScheduleResponse = z.infer<typeof seasonScheduleResponse>;

export const classificationRow = z.object({
  positionText: z.string(),
  positionNumber: z.number().int().nullable(),
  driverId: z.string(),
  driverCode: z.string(),
  driverName: z.string(),
  driverNumber: z.string(),
  teamName: z.string(),
  teamColour: z.string(),
  /** Race/sprint: time or gap, status; qualifying: best time. */
  time: z.string().nullable(),
  status: z.string().nullable(),
  points: z.number().nullable(),
  grid: z.string().nullable(),
  laps: z.number().int().nullable(),
  q1: z.string().nullable(),
  q2: z.string().nullable(),
  q3: z.string().nullable(),
  /** Practice: the gap to the fastest lap. */
  gap: z.string().nullable().optional(),
});
export type ClassificationRow = z.infer<typeof classificationRow>;

/** GET /api/seasons/:year/meetings/:slug: the meeting page. */
export const meetingDetailResponse = meetingSummary.extend({
  circuitFacts: z.object({
    length: z.number().nullable(),
    turns: z.number().int().nullable(),
    direction: z.string(),
    laps: z.number().int(),
    distance: z.number(),
    type: z.string(),
    firstGrandPrixYear: z.number().int().nullable(),
  }),
  results: z.object({
    qualifying: z.array(classificationRow),
    sprintQualifying: z.array(classificationRow),
    sprint: z.array(classificationRow),
    race: z.array(classificationRow),
    fastestLap: z.object({ driverName: z.string(), time: z.string(), lap: z.number().int().nullable() }).nullable(),
    /** Each practice session's classification (best lap, gap, laps), in timetable order; those without one are left out. */
    practice: z.array(z.object({ session: practiceSessionKind, rows: z.array(classificationRow) })),
    /** The sessions whose classification is provisional: from F1's live timing, until F1DB confirms it. */
    provisional: z.array(sessionKind),
  }),
});
export type MeetingDetailResponse = z.infer<typeof meetingDetailResponse>;

/* Request inputs of the F1 read API: the server validates with these, so a bad value is a 400 naming it. */

/** ?season= on /api/teams and /api/drivers/:code; absent means the featured season. */
export const seasonQuery = z.object({ season: z.coerce.number().int().min(1950).max(2100).optional() });

export const driverCodeParams = z.object({
  code: z.string().regex(/^[A-Za-z]{1,3}[0-9]*$/, 'a driver code such as VER'),
});

export const seasonParams = z.object({ year: z.coerce.number().int().min(SEASON_BOUNDS.min).max(SEASON_BOUNDS.max) });

export const meetingParams = seasonParams.extend({
  slug: z.string().regex(MEETING_SLUG, 'a meeting slug, e.g. chinese-grand-prix'),
});

/** /api/season-results/homepage/:season/:raceId_slug, e.g. 2025/1127_chinese-grand-prix */
export const raceSummaryParams = z.object({
  season: z.coerce.number().int().min(1950).max(2100),
  raceId_slug: z.string().regex(/^[0-9]+_[a-z0-9]+(-[a-z0-9]+)*$/, 'raceId_slug, e.g. 1127_chinese-grand-prix'),
});

/** X-Cache-Duration on the event tracker: the Cache-Control max-age, clamped to 0..3600 seconds. */
export const MAX_EVENT_TRACKER_CACHE_SECONDS = 3600;
export const eventTrackerHeaders = z.object({
  'x-cache-duration': z.coerce
    .number()
    .int('whole seconds')
    .optional()
    .transform((seconds) =>
      seconds === undefined ? undefined : Math.min(MAX_EVENT_TRACKER_CACHE_SECONDS, Math.max(0, seconds)),
    ),
});

export const circuitDrawingVariant = z.enum(['white', 'black', 'white-outline', 'black-outline']);
export type CircuitDrawingVariant = z.infer<typeof circuitDrawingVariant>;
export const circuitDrawingParams = z.object({
  layoutId: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a circuit layout id, e.g. shanghai-1'),
});
export const circuitDrawingQuery = z.object({ variant: circuitDrawingVariant.default('white') });

/** /api/flags/:code.svg, code = ISO 3166-1 alpha-2 (lower or upper case). */
export const flagParams = z.object({ code: z.string().regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 code, e.g. gb') });
