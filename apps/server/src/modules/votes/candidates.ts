import type { DriverCandidate, VoteCandidates, VotePick } from '@slipstream/contract';
import { remember } from '../../lib/cache';
import type { MeetingRecord } from '../f1/calendar/queries';
import { DATA_TTL_SECONDS, dataKey, type F1Context } from '../f1/context';
import { FALLBACK_TEAM_COLOUR, loadConstructors, loadDrivers, loadTeamColours, teamColour } from '../f1/people';
import { isProvisional, raceClassifications } from '../f1/results/queries';
import { teamRaceTotals } from '../f1/results/service';
import { finishStatus, winnerLapsByRace } from '../f1/results/status';

/**
 * The ballot of a race, from its classification: the drivers who scored points, everyone else, and the teams
 * with their points. Facts of the import, so cached until the next one.
 */
export function raceCandidates(ctx: F1Context, meeting: MeetingRecord): Promise<VoteCandidates> {
  return remember(ctx.cache, dataKey(ctx, 'vote-candidates', meeting.raceId), DATA_TTL_SECONDS, () => loadCandidates(ctx, meeting));
}

async function loadCandidates(ctx: F1Context, meeting: MeetingRecord): Promise<VoteCandidates> {
  const rows = await raceClassifications(ctx.db, [meeting.raceId], 'RACE');
  const [drivers, teams, colours] = await Promise.all([
    loadDrivers(ctx.db, rows.map((row) => row.driverId)),
    loadConstructors(ctx.db, rows.map((row) => row.constructorId)),
    loadTeamColours(ctx.db, meeting.season),
  ]);
  const winnerLaps = winnerLapsByRace(rows).get(meeting.raceId) ?? null;
  const classified: DriverCandidate[] = rows.map((row) => {
    const driver = drivers.get(row.driverId)!;
    return {
      driverId: row.driverId,
      firstName: driver.firstName,
      lastName: driver.lastName,
      teamName: teams.get(row.constructorId)!.name,
      teamColour: teamColour(colours, row.constructorId),
      positionNumber: row.positionNumber,
      positionText: row.positionText,
      status: finishStatus(row, winnerLaps),
      points: row.points ?? 0,
    };
  });
  return {
    bestPointScorer: classified.filter((driver) => driver.points > 0),
    bestOfTheRest: classified.filter((driver) => driver.points <= 0),
    bestTeam: teamRaceTotals(rows).map(({ constructorId, points }) => ({
      constructorId,
      name: teams.get(constructorId)!.name,
      teamColour: teamColour(colours, constructorId),
      points,
    })),
    provisional: rows.some(isProvisional),
  };
}

/** A ballot needs a choice in every category; before the classification is imported there is none. */
export function hasBallot(candidates: VoteCandidates): boolean {
  return candidates.bestPointScorer.length > 0 && candidates.bestOfTheRest.length > 0 && candidates.bestTeam.length > 0;
}

export function findDriver(candidates: VoteCandidates, driverId: string): DriverCandidate | undefined {
  return [...candidates.bestPointScorer, ...candidates.bestOfTheRest].find((driver) => driver.driverId === driverId);
}

/**
 * How a pick reads. A pick the classification no longer lists (F1DB corrected a result after the vote) shows
 * its F1DB id and no team.
 */
export function driverPick(candidates: VoteCandidates, driverId: string): VotePick {
  const driver = findDriver(candidates, driverId);
  if (!driver) return { id: driverId, name: driverId, teamName: null, teamColour: FALLBACK_TEAM_COLOUR };
  return { id: driverId, name: `${driver.firstName} ${driver.lastName}`, teamName: driver.teamName, teamColour: driver.teamColour };
}

export function teamPick(candidates: VoteCandidates, constructorId: string): VotePick {
  const team = candidates.bestTeam.find((t) => t.constructorId === constructorId);
  return { id: constructorId, name: team?.name ?? constructorId, teamName: null, teamColour: team?.teamColour ?? FALLBACK_TEAM_COLOUR };
}
