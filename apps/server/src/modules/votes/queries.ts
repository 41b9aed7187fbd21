import { and, count, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { VoteCategory } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { ballots, races } from '../../db/schema';

export type BallotRow = typeof ballots.$inferSelect;
export type Picks = Record<VoteCategory, string>;

/** Who casts a ballot: decided by the server from the Bearer token or the signed visitor cookie, never the body. */
export type Voter = { kind: 'user'; userId: string } | { kind: 'visitor'; visitorId: string; addressHash: string };

function sameVoter(voter: Voter): SQL {
  return voter.kind === 'user' ? eq(ballots.userId, voter.userId) : eq(ballots.visitorId, voter.visitorId);
}

export async function findBallot(db: Db, raceId: number, voter: Voter): Promise<BallotRow | undefined> {
  const [row] = await db.select().from(ballots).where(and(eq(ballots.raceId, raceId), sameVoter(voter)));
  return row;
}

export async function insertUserBallot(db: Db, raceId: number, userId: string, picks: Picks, castAt: Date): Promise<BallotRow> {
  const [row] = await db.insert(ballots).values({ raceId, userId, ...picks, createdAt: castAt }).returning();
  return row!;
}

export async function insertVisitorBallot(
  db: Db,
  raceId: number,
  visitor: { visitorId: string; addressHash: string; addressSlot: number },
  picks: Picks,
  castAt: Date,
): Promise<BallotRow> {
  const [row] = await db.insert(ballots).values({ raceId, ...visitor, ...picks, createdAt: castAt }).returning();
  return row!;
}

/** The slots of a client address already holding an anonymous ballot for the race. */
export async function takenAddressSlots(db: Db, raceId: number, addressHash: string): Promise<Set<number>> {
  const rows = await db
    .select({ slot: ballots.addressSlot })
    .from(ballots)
    .where(and(eq(ballots.raceId, raceId), eq(ballots.addressHash, addressHash), isNotNull(ballots.addressSlot)));
  return new Set(rows.map((row) => row.slot!));
}

const categoryColumns: Record<VoteCategory, AnyPgColumn> = {
  bestPointScorer: ballots.bestPointScorer,
  bestOfTheRest: ballots.bestOfTheRest,
  bestTeam: ballots.bestTeam,
};

export type TallyRow = { raceId: number; category: VoteCategory; choice: string; votes: number };

/** Votes per choice in every category of these races. */
export async function tallyRows(db: Db, raceIds: number[]): Promise<TallyRow[]> {
  if (raceIds.length === 0) return [];
  const perCategory = await Promise.all(
    Object.entries(categoryColumns).map(async ([category, column]) => {
      const rows = await db
        .select({ raceId: ballots.raceId, choice: column, votes: count() })
        .from(ballots)
        .where(inArray(ballots.raceId, raceIds))
        .groupBy(ballots.raceId, column);
      return rows.map((row) => ({ raceId: row.raceId, category: category as VoteCategory, choice: row.choice as string, votes: row.votes }));
    }),
  );
  return perCategory.flat();
}

/** Every race that has at least one ballot. */
export async function racesWithBallots(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ raceId: ballots.raceId }).from(ballots);
  return rows.map((row) => row.raceId);
}

/** A user's ballots, the latest first. */
export function userBallots(db: Db, userId: string): Promise<BallotRow[]> {
  return db.select().from(ballots).where(eq(ballots.userId, userId)).orderBy(desc(ballots.createdAt), desc(ballots.id));
}

/** The season of each of these races that the data holds. */
export async function raceSeasons(db: Db, raceIds: number[]): Promise<Map<number, number>> {
  if (raceIds.length === 0) return new Map();
  const rows = await db.select({ raceId: races.id, season: races.year }).from(races).where(inArray(races.id, raceIds));
  return new Map(rows.map((row) => [row.raceId, row.season]));
}
