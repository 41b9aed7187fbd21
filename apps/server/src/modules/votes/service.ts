import {
  ALREADY_VOTED_MESSAGE,
  type BallotRequest,
  type CastVoteResponse,
  type MyVotesResponse,
  type OwnBallot,
  type RaceTally,
  type VoteCandidates,
  type VoteCategory,
  type VoteOption,
  type VotePreviewResponse,
  type VoteResultsResponse,
  type VoteStateResponse,
  type VotingRace,
  type VotingStatus,
  type VotingWindow,
} from '@slipstream/contract';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../auth/users';
import type { MeetingRecord } from '../f1/calendar/queries';
import { currentOrNextMeeting, lastFinishedMeeting, lastRaceGivesWayAt, seasonMeetings } from '../f1/calendar/service';
import { meetingWindow } from '../f1/calendar/timetable';
import type { F1Context } from '../f1/context';
import type { CommunityFacts } from '../f1/standings/community';
import { driverPick, findDriver, hasBallot, raceCandidates, teamPick } from './candidates';
import {
  findBallot,
  insertUserBallot,
  insertVisitorBallot,
  racesWithBallots,
  raceSeasons,
  tallyRows,
  takenAddressSlots,
  userBallots,
  type BallotRow,
  type Picks,
  type TallyRow,
  type Voter,
} from './queries';

/**
 * The Fan's Choice vote. The race is the last finished one (the race /api/get-last names); voting opens when
 * it ends and closes when the next meeting is a day away, the moment /api/get-last gives way to it. All by the
 * racing clock.
 */

type CurrentVote = { meeting: MeetingRecord; window: VotingWindow; candidates: VoteCandidates };

const alreadyVoted = () => new HttpError(409, ALREADY_VOTED_MESSAGE);
const iso = (time: number) => new Date(time).toISOString();
const raceEnd = (meeting: MeetingRecord) => meetingWindow(meeting.sessions).end;

async function currentVote(ctx: F1Context): Promise<CurrentVote> {
  const meeting = await lastFinishedMeeting(ctx);
  if (!meeting) throw notFound('No race has finished yet: there is nothing to vote on.');
  const [upcoming, candidates] = await Promise.all([currentOrNextMeeting(ctx), raceCandidates(ctx, meeting)]);
  const closesAt = upcoming ? lastRaceGivesWayAt(upcoming) : null;
  const status: VotingStatus =
    closesAt !== null && ctx.now.getTime() >= closesAt ? 'closed' : hasBallot(candidates) ? 'open' : 'pending';
  return {
    meeting,
    candidates,
    window: {
      status,
      opensAt: iso(raceEnd(meeting)),
      closesAt: closesAt === null ? null : iso(closesAt),
      next: upcoming ? { raceId: upcoming.raceId, meetingName: upcoming.name, opensAt: iso(raceEnd(upcoming)) } : null,
    },
  };
}

function votingRace(meeting: MeetingRecord): VotingRace {
  return {
    raceId: meeting.raceId,
    season: meeting.season,
    round: meeting.round,
    meetingName: meeting.name,
    slug: meeting.slug,
    countryName: meeting.countryName,
    raceEnd: iso(raceEnd(meeting)),
  };
}

/** The vote page: the race, its window and ballot, who votes and their ballot if any, the votes so far. */
export async function voteState(ctx: F1Context, voter: Voter): Promise<VoteStateResponse> {
  const vote = await currentVote(ctx);
  const [row, [results]] = await Promise.all([findBallot(ctx.db, vote.meeting.raceId, voter), tallies(ctx, [vote.meeting])]);
  return {
    race: votingRace(vote.meeting),
    voter: voter.kind,
    window: vote.window,
    candidates: vote.candidates,
    ballot: row ? ownBallot(row, vote.candidates) : null,
    results: results!,
  };
}

/**
 * Stores the voter's one ballot for the open race. The unique constraints decide between concurrent requests;
 * the look-up first only spares the common case an insert that would fail.
 */
export async function castBallot(
  ctx: F1Context,
  voter: Voter,
  input: BallotRequest,
  anonymousPerAddress: number,
): Promise<CastVoteResponse> {
  const vote = await currentVote(ctx);
  if (input.raceId !== vote.meeting.raceId || vote.window.status !== 'open') {
    throw new HttpError(409, 'Voting for this race is not open.');
  }
  if (await findBallot(ctx.db, input.raceId, voter)) throw alreadyVoted();
  const picks = validPicks(vote.candidates, input);
  const row =
    voter.kind === 'user'
      ? await insertUserBallot(ctx.db, input.raceId, voter.userId, picks, ctx.now).catch((error: unknown) => {
          throw isUniqueViolation(error) ? alreadyVoted() : error;
        })
      : await insertAnonymousBallot(ctx, input.raceId, voter, picks, anonymousPerAddress);
  const [results] = await tallies(ctx, [vote.meeting]);
  return { ballot: ownBallot(row, vote.candidates), results: results! };
}

function validPicks(candidates: VoteCandidates, input: BallotRequest): Picks {
  if (!candidates.bestPointScorer.some((driver) => driver.driverId === input.bestPointScorer)) {
    throw badRequest('Invalid bestPointScorer: not a driver who scored points in this race');
  }
  if (!candidates.bestOfTheRest.some((driver) => driver.driverId === input.bestOfTheRest)) {
    throw badRequest('Invalid bestOfTheRest: not a driver who finished this race without points');
  }
  if (!candidates.bestTeam.some((team) => team.constructorId === input.bestTeam)) {
    throw badRequest('Invalid bestTeam: not a team of this race');
  }
  return { bestPointScorer: input.bestPointScorer, bestOfTheRest: input.bestOfTheRest, bestTeam: input.bestTeam };
}

/**
 * An anonymous ballot takes a free slot of its client address (at most `limit` per race). A unique violation is
 * either this visitor's ballot stored meanwhile (409) or another visitor taking the same slot (try the next).
 */
async function insertAnonymousBallot(
  ctx: F1Context,
  raceId: number,
  voter: Extract<Voter, { kind: 'visitor' }>,
  picks: Picks,
  limit: number,
): Promise<BallotRow> {
  const taken = await takenAddressSlots(ctx.db, raceId, voter.addressHash);
  for (let slot = 1; slot <= limit; slot += 1) {
    if (taken.has(slot)) continue;
    try {
      const visitor = { visitorId: voter.visitorId, addressHash: voter.addressHash, addressSlot: slot };
      return await insertVisitorBallot(ctx.db, raceId, visitor, picks, ctx.now);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await findBallot(ctx.db, raceId, voter)) throw alreadyVoted();
    }
  }
  throw new HttpError(429, 'Too many anonymous votes from this address for this race. Sign in to vote.');
}

function ownBallot(row: BallotRow, candidates: VoteCandidates): OwnBallot {
  return {
    votedAt: row.createdAt.toISOString(),
    picks: {
      bestPointScorer: driverPick(candidates, row.bestPointScorer),
      bestOfTheRest: driverPick(candidates, row.bestOfTheRest),
      bestTeam: teamPick(candidates, row.bestTeam),
    },
  };
}

/** Every race that had a vote, the latest race first. */
export async function voteResults(ctx: F1Context): Promise<VoteResultsResponse> {
  const meetings = [...(await meetingsByRaceId(ctx, await racesWithBallots(ctx.db))).values()];
  meetings.sort((a, b) => b.season - a.season || b.round - a.round);
  return { races: await tallies(ctx, meetings) };
}

/** One race's vote preview (docs/product.md, Home): each category's options, leaders first, with what the home card shows. */
export async function votePreview(ctx: F1Context, raceId: number, community: CommunityFacts): Promise<VotePreviewResponse> {
  const meeting = (await meetingsByRaceId(ctx, [raceId])).get(raceId);
  if (!meeting) throw notFound(`No race ${raceId} in the data`);
  const [[tally], candidates, photos, teamExtras] = await Promise.all([
    tallies(ctx, [meeting]),
    raceCandidates(ctx, meeting),
    community.driverPhotos(meeting.season),
    community.teamExtras(meeting.season),
  ]);
  const previewDriver = ({ id, name, teamName, teamColour, votes, percent }: VoteOption) => {
    const driver = findDriver(candidates, id);
    return {
      driverId: id,
      votes,
      percent,
      teamColour,
      driverData: {
        driverImage: photos.get(id) ?? null,
        driverFirstName: driver?.firstName ?? '',
        driverLastName: driver?.lastName ?? name,
        displayTeamName: teamName ?? '',
      },
    };
  };
  const { categories } = tally!;
  return {
    fomRaceId: raceId,
    totalVotes: tally!.totalVotes,
    topTenDrivers: categories.bestPointScorer.map(previewDriver),
    topBestOfTheRestDrivers: categories.bestOfTheRest.map(previewDriver),
    topBestTeam: categories.bestTeam.map(({ id, name, teamColour, votes, percent }) => ({
      constructorId: id,
      votes,
      percent,
      teamColour,
      teamData: { teamLogoImage: teamExtras.get(id)?.logo ?? null, displayTeamName: name },
    })),
  };
}

/** A signed-in user's ballots, the latest first. */
export async function myVotes(ctx: F1Context, userId: string): Promise<MyVotesResponse> {
  const rows = await userBallots(ctx.db, userId);
  const meetings = await meetingsByRaceId(ctx, rows.map((row) => row.raceId));
  const votes = await Promise.all(
    rows
      .filter((row) => meetings.has(row.raceId))
      .map(async (row) => {
        const meeting = meetings.get(row.raceId)!;
        return { race: votingRace(meeting), ...ownBallot(row, await raceCandidates(ctx, meeting)) };
      }),
  );
  return { votes };
}

async function meetingsByRaceId(ctx: F1Context, raceIds: number[]): Promise<Map<number, MeetingRecord>> {
  const seasons = await raceSeasons(ctx.db, [...new Set(raceIds)]);
  const found = new Map<number, MeetingRecord>();
  for (const season of new Set(seasons.values())) {
    for (const meeting of await seasonMeetings(ctx, season)) {
      if (seasons.has(meeting.raceId)) found.set(meeting.raceId, meeting);
    }
  }
  return found;
}

async function tallies(ctx: F1Context, meetings: MeetingRecord[]): Promise<RaceTally[]> {
  const rows = await tallyRows(ctx.db, meetings.map((meeting) => meeting.raceId));
  return Promise.all(
    meetings.map(async (meeting) => {
      const candidates = await raceCandidates(ctx, meeting);
      const ofRace = rows.filter((row) => row.raceId === meeting.raceId);
      const optionsOf = (category: VoteCategory) => voteOptions(category, ofRace.filter((row) => row.category === category), candidates);
      return {
        race: votingRace(meeting),
        // Every ballot picks once in each category.
        totalVotes: ofRace.filter((row) => row.category === 'bestTeam').reduce((sum, row) => sum + row.votes, 0),
        categories: {
          bestPointScorer: optionsOf('bestPointScorer'),
          bestOfTheRest: optionsOf('bestOfTheRest'),
          bestTeam: optionsOf('bestTeam'),
        },
      };
    }),
  );
}

/** The options that got votes, most first; a tie keeps the ballot's order (classification, team points). */
function voteOptions(category: VoteCategory, rows: TallyRow[], candidates: VoteCandidates): VoteOption[] {
  const order =
    category === 'bestTeam'
      ? candidates.bestTeam.map((team) => team.constructorId)
      : candidates[category].map((driver) => driver.driverId);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  const sorted = [...rows].sort((a, b) => b.votes - a.votes || rank(a.choice) - rank(b.choice) || a.choice.localeCompare(b.choice));
  const percents = wholePercentages(sorted.map((row) => row.votes));
  return sorted.map((row, index) => ({
    ...(category === 'bestTeam' ? teamPick(candidates, row.choice) : driverPick(candidates, row.choice)),
    votes: row.votes,
    percent: percents[index]!,
  }));
}

/**
 * Whole percentages that add up to exactly 100 (largest remainder): the floors first, then one more point to
 * each of the largest remainders, earlier entries first on a tie. All zero when there are no votes.
 */
export function wholePercentages(counts: number[]): number[] {
  const total = counts.reduce((sum, value) => sum + value, 0);
  if (total === 0) return counts.map(() => 0);
  const floors = counts.map((value) => Math.floor((value * 100) / total));
  let left = 100 - floors.reduce((sum, value) => sum + value, 0);
  const byRemainder = counts
    .map((value, index) => ({ index, remainder: (value * 100) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors;
}
