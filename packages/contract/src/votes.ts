import { z } from './zod';
import { f1dbId } from './f1';
import { VOTE_CATEGORIES } from './values';

/**
 * The Fan's Choice Awards: after each race, fans pick its best point scorer, the best of the rest (a driver
 * who scored nothing) and the best team. One ballot per race per voter: a signed-in user (Bearer token) or an
 * anonymous visitor (a signed cookie the server issues). docs/api-votes.md describes the endpoints.
 */

export const ALREADY_VOTED_MESSAGE = 'Already voted.';
export const CATEGORY_REQUIRED_MESSAGE = 'Each category must be selected.';
export const ANONYMOUS_VOTING_NOTE = 'Voting anonymously: saved on this device only';

export const voteCategory = z.enum(VOTE_CATEGORIES);
export type VoteCategory = z.infer<typeof voteCategory>;


/** The race a vote is about. */
export const votingRace = z.object({
  raceId: z.number().int(),
  season: z.number().int(),
  round: z.number().int(),
  meetingName: z.string(),
  slug: z.string(),
  countryName: z.string(),
  /** The race's end (its start plus the assumed two hours), ISO. */
  raceEnd: z.string(),
});
export type VotingRace = z.infer<typeof votingRace>;

/**
 * open: ballots are accepted. pending: the race is over but its classification is not in the data yet.
 * closed: the next meeting is under 24 hours away (or running), the same moment /api/get-last gives way to it.
 */
export const votingStatus = z.enum(['open', 'pending', 'closed']);
export type VotingStatus = z.infer<typeof votingStatus>;

export const votingWindow = z.object({
  status: votingStatus,
  /** The race's end. */
  opensAt: z.string(),
  /** 24 hours before the next meeting starts; null while the data holds no next meeting. */
  closesAt: z.string().nullable(),
  /** The next race, whose vote opens when it ends; null while the data holds none. */
  next: z.object({ raceId: z.number().int(), meetingName: z.string(), opensAt: z.string() }).nullable(),
});
export type VotingWindow = z.infer<typeof votingWindow>;

/** A driver of the race's classification, as the ballot lists them. */
export const driverCandidate = z.object({
  driverId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  teamName: z.string(),
  teamColour: z.string(),
  positionNumber: z.number().int().nullable(),
  /** "1", "DNF", "DSQ"... */
  positionText: z.string(),
  /** "Finished", "+1 Lap", "Accident", "Disqualified"... */
  status: z.string(),
  points: z.number(),
});
export type DriverCandidate = z.infer<typeof driverCandidate>;

export const teamCandidate = z.object({
  constructorId: z.string(),
  name: z.string(),
  teamColour: z.string(),
  /** The team's points in this race. */
  points: z.number(),
});
export type TeamCandidate = z.infer<typeof teamCandidate>;

export const voteCandidates = z.object({
  /** Drivers who finished in the points, in classification order. */
  bestPointScorer: z.array(driverCandidate),
  /** Everyone else, in classification order. */
  bestOfTheRest: z.array(driverCandidate),
  /** The teams of the race, most points first. */
  bestTeam: z.array(teamCandidate),
  /** The classification is provisional: from F1's live timing, not yet confirmed by F1DB. */
  provisional: z.boolean(),
});
export type VoteCandidates = z.infer<typeof voteCandidates>;

/** A pick as shown back to people: the driver or team with its team and colour. */
export const votePick = z.object({
  id: z.string(),
  name: z.string(),
  /** A driver's team; null for a team. */
  teamName: z.string().nullable(),
  teamColour: z.string(),
});
export type VotePick = z.infer<typeof votePick>;

export const votePicks = z.object({ bestPointScorer: votePick, bestOfTheRest: votePick, bestTeam: votePick });
export type VotePicks = z.infer<typeof votePicks>;

/** One option's share of a category: whole percentages that add up to 100 (largest remainder). */
export const voteOption = votePick.extend({ votes: z.number().int(), percent: z.number().int() });
export type VoteOption = z.infer<typeof voteOption>;

/** The votes of one race, every category's options most votes first. */
export const raceTally = z.object({
  race: votingRace,
  totalVotes: z.number().int(),
  categories: z.object({ bestPointScorer: z.array(voteOption), bestOfTheRest: z.array(voteOption), bestTeam: z.array(voteOption) }),
});
export type RaceTally = z.infer<typeof raceTally>;

/** The caller's own ballot. */
export const ownBallot = z.object({ votedAt: z.string(), picks: votePicks });
export type OwnBallot = z.infer<typeof ownBallot>;

/** GET /api/vote: the last race, its window, its ballot, who is voting, their ballot and the votes so far. */
export const voteStateResponse = z.object({
  race: votingRace,
  /** user: the Bearer token's account; visitor: this device's anonymous visitor cookie. */
  voter: z.enum(['user', 'visitor']),
  window: votingWindow,
  candidates: voteCandidates,
  ballot: ownBallot.nullable(),
  results: raceTally,
});
export type VoteStateResponse = z.infer<typeof voteStateResponse>;

/** A missing pick says what the ballot form says. */
const pickedId = z
  .string({ error: (issue) => (issue.input === undefined ? CATEGORY_REQUIRED_MESSAGE : 'an F1DB id such as max-verstappen') })
  .pipe(f1dbId);

/**
 * POST /api/vote. The voter is whoever the Bearer token or the visitor cookie says; any other field (a user
 * id, say) is refused. raceId names the race the voter saw, so a ballot never lands on another race.
 */
export const ballotRequest = z.strictObject({
  raceId: z.number().int().positive(),
  bestPointScorer: pickedId,
  bestOfTheRest: pickedId,
  bestTeam: pickedId,
});
export type BallotRequest = z.infer<typeof ballotRequest>;

/** 201 from POST /api/vote. */
export const castVoteResponse = z.object({ ballot: ownBallot, results: raceTally });
export type CastVoteResponse = z.infer<typeof castVoteResponse>;

/** GET /api/vote/results: every race that had a vote, newest first. */
export const voteResultsResponse = z.object({ races: z.array(raceTally) });
export type VoteResultsResponse = z.infer<typeof voteResultsResponse>;

/** GET /api/votes/mine: the signed-in user's ballots, newest first. */
export const myVotesResponse = z.object({ votes: z.array(ownBallot.extend({ race: votingRace })) });
export type MyVotesResponse = z.infer<typeof myVotesResponse>;
export type MyVote = MyVotesResponse['votes'][number];

export const fomRaceIdParams = z.object({ fomRaceId: z.coerce.number().int().positive() });

const previewShare = { votes: z.number().int(), percent: z.number().int(), teamColour: z.string() };
const previewDriver = z.object({
  driverId: z.string(),
  ...previewShare,
  driverData: z.object({
    driverImage: z.string().nullable(),
    driverFirstName: z.string(),
    driverLastName: z.string(),
    displayTeamName: z.string(),
  }),
});
const previewTeam = z.object({
  constructorId: z.string(),
  ...previewShare,
  teamData: z.object({ teamLogoImage: z.string().nullable(), displayTeamName: z.string() }),
});

/** GET /api/vote-results/{fomRaceId}: the vote preview of docs/product.md (Home), leaders first (empty arrays before any vote). */
export const votePreviewResponse = z.object({
  fomRaceId: z.number().int(),
  totalVotes: z.number().int(),
  topTenDrivers: z.array(previewDriver),
  topBestOfTheRestDrivers: z.array(previewDriver),
  topBestTeam: z.array(previewTeam),
});
export type VotePreviewResponse = z.infer<typeof votePreviewResponse>;
export type VotePreviewDriver = z.infer<typeof previewDriver>;
export type VotePreviewTeam = z.infer<typeof previewTeam>;

/**
 * The SSE event (`event: vote-results-updated` on GET /api/live/events) sent after every vote cast on any
 * instance: pages showing that race's tally refetch it.
 */
export const VOTE_RESULTS_UPDATED = 'vote-results-updated';
export const voteResultsUpdatedEvent = z.object({
  raceId: z.number().int(),
  totalVotes: z.number().int(),
  /** When the vote was stored (wall-clock time of the server). */
  at: z.string(),
});
export type VoteResultsUpdatedEvent = z.infer<typeof voteResultsUpdatedEvent>;
