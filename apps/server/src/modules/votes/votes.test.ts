import { eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { ballots, users } from '../../db/schema';
import { isUniqueViolation } from '../auth/users';
import { cookieFrom, signUpAndSignIn } from '../../test/accounts';
import { buildTestApp, type TestApp } from '../../test/app';
import { SEED, openSeededDatabase } from '../../test/f1-seed';
import { insertUserBallot, insertVisitorBallot } from './queries';
import { VISITOR_COOKIE } from './visitor';
import { expectRefusal } from '../../test/refusal';

/**
 * The fan vote on the seeded calendar: Australia 2025 (race 16 March 04:00-06:00 UTC), China 2025 (race
 * 23 March 07:00-09:00 UTC, a sprint weekend) and Japan 2025 (first practice 4 April 02:30 UTC, no results).
 * China's vote opens at 09:00 on the 23rd and closes a day before Japan starts: 3 April 02:30 UTC.
 */

const CHINA_OPEN = '2025-03-25T12:00:00Z';
const APP = { 'x-requested-with': 'fetch' };

/** China 2025 as seeded: eight point scorers, two Ferraris disqualified. */
const chinaBallot = { raceId: SEED.china2025, bestPointScorer: 'oscar-piastri', bestOfTheRest: 'charles-leclerc', bestTeam: 'mclaren' };

let addresses = 0;
/** A client address of its own (IPv4, so the per-address limit of one test never counts another's ballots). */
function newAddress(): string {
  addresses += 1;
  return `10.0.${addresses >> 8}.${addresses & 255}`;
}

describe('fan vote', () => {
  let database: Database;
  let t: TestApp;
  let emails = 0;

  beforeAll(async () => {
    database = await openSeededDatabase();
    t = await buildTestApp({ database, now: CHINA_OPEN, config: { testHooks: true, voteRateLimit: 10_000 } });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  async function at(now: string) {
    const moved = await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now } });
    expect(moved.statusCode).toBe(200);
  }

  /** A visitor's first look at the vote page: the answer sets the signed visitor cookie. */
  async function newVisitor(address = newAddress()): Promise<{ cookie: string; address: string }> {
    const page = await t.app.inject({ url: '/api/vote', headers: { 'x-forwarded-for': address } });
    expect(page.statusCode).toBe(200);
    return { cookie: cookieFrom(page, VISITOR_COOKIE)!, address };
  }

  function vote(payload: object, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return t.app.inject({ method: 'POST', url: '/api/vote', headers: { ...APP, 'x-forwarded-for': newAddress(), ...headers }, payload });
  }

  const asVisitor = (visitor: { cookie: string; address: string }) => ({ cookie: visitor.cookie, 'x-forwarded-for': visitor.address });

  async function newUser() {
    emails += 1;
    return signUpAndSignIn(t.app, database, `voter${emails}@example.com`);
  }

  async function ballotCount(where = isNotNull(ballots.id)): Promise<number> {
    return (await database.db.select().from(ballots).where(where)).length;
  }

  describe('the window, by the racing clock', () => {
    it('is closed just before the race ends, saying when it opens', async () => {
      await at('2025-03-23T08:59:59Z');
      const state = (await t.app.inject('/api/vote')).json();
      expect(state.race).toMatchObject({ raceId: SEED.australia2025, meetingName: 'Australian Grand Prix' });
      expect(state.window).toEqual({
        status: 'closed',
        opensAt: '2025-03-16T06:00:00.000Z',
        closesAt: '2025-03-20T03:30:00.000Z',
        next: { raceId: SEED.china2025, meetingName: 'Chinese Grand Prix', opensAt: '2025-03-23T09:00:00.000Z' },
      });
      expectRefusal(await vote({ ...chinaBallot, raceId: SEED.australia2025, bestPointScorer: 'lando-norris', bestOfTheRest: 'liam-lawson' }), 409, 'Voting for this race is not open.');
      const early = await vote(chinaBallot);
      expect(early.statusCode).toBe(409);
    });

    it('opens when the race ends, until a day before the next meeting starts', async () => {
      await at('2025-03-23T09:00:00Z');
      const state = (await t.app.inject('/api/vote')).json();
      expect(state.race).toEqual({
        raceId: SEED.china2025,
        season: 2025,
        round: 2,
        meetingName: 'Chinese Grand Prix',
        slug: 'chinese-grand-prix',
        countryName: 'China',
        raceEnd: '2025-03-23T09:00:00.000Z',
      });
      expect(state.window).toEqual({
        status: 'open',
        opensAt: '2025-03-23T09:00:00.000Z',
        closesAt: '2025-04-03T02:30:00.000Z',
        next: { raceId: SEED.japan2025, meetingName: 'Japanese Grand Prix', opensAt: '2025-04-06T07:00:00.000Z' },
      });
      await at('2025-04-03T02:29:59Z');
      expect((await t.app.inject('/api/vote')).json().window.status).toBe('open');
    });

    it('is closed once the next meeting is 24 hours away, as /api/get-last gives way', async () => {
      await at('2025-04-03T02:30:00Z');
      expect((await t.app.inject('/api/vote')).json().window.status).toBe('closed');
      expect((await t.app.inject('/api/get-last')).json()).toEqual({ message: 'Upcoming race too soon. Skipping last results.' });
      const refused = await vote(chinaBallot);
      expect(refused.statusCode).toBe(409);
      expect(await ballotCount(eq(ballots.raceId, SEED.china2025))).toBe(0);
    });

    it('waits for the classification of a finished race before it opens', async () => {
      await at('2025-04-06T08:00:00Z');
      const state = (await t.app.inject('/api/vote')).json();
      expect(state.race.raceId).toBe(SEED.japan2025);
      expect(state.window.status).toBe('pending');
      expect(state.candidates).toEqual({ bestPointScorer: [], bestOfTheRest: [], bestTeam: [], provisional: false });
      expect((await vote({ ...chinaBallot, raceId: SEED.japan2025 })).statusCode).toBe(409);
      await at(CHINA_OPEN);
    });
  });

  it('lists the race: point scorers, the rest with their status, the teams with their points', async () => {
    const { candidates } = (await t.app.inject('/api/vote')).json();
    expect(candidates.bestPointScorer.map((d: { driverId: string; points: number }) => [d.driverId, d.points])).toEqual([
      ['oscar-piastri', 25],
      ['lando-norris', 18],
      ['george-russell', 15],
      ['max-verstappen', 12],
      ['kimi-antonelli', 10],
      ['isack-hadjar', 8],
      ['liam-lawson', 6],
      ['yuki-tsunoda', 4],
    ]);
    expect(candidates.bestPointScorer[0]).toEqual({
      driverId: 'oscar-piastri',
      firstName: 'Oscar',
      lastName: 'Piastri',
      teamName: 'McLaren',
      teamColour: '#FF8000',
      positionNumber: 1,
      positionText: '1',
      status: 'Finished',
      points: 25,
    });
    expect(candidates.bestPointScorer[7]).toMatchObject({ driverId: 'yuki-tsunoda', status: '+1 Lap' });
    expect(candidates.bestOfTheRest).toEqual([
      expect.objectContaining({ driverId: 'charles-leclerc', positionNumber: null, positionText: 'DSQ', status: 'Disqualified', points: 0 }),
      expect.objectContaining({ driverId: 'lewis-hamilton', positionNumber: null, positionText: 'DSQ', status: 'Disqualified', points: 0 }),
    ]);
    expect(candidates.bestTeam).toEqual([
      { constructorId: 'mclaren', name: 'McLaren', teamColour: '#FF8000', points: 43 },
      { constructorId: 'mercedes', name: 'Mercedes', teamColour: '#27F4D2', points: 25 },
      { constructorId: 'red-bull', name: 'Red Bull', teamColour: '#3671C6', points: 18 },
      { constructorId: 'racing-bulls', name: 'Racing Bulls', teamColour: '#6692FF', points: 12 },
      { constructorId: 'ferrari', name: 'Ferrari', teamColour: '#E8002D', points: 0 },
    ]);
  });

  describe('anonymous visitors', () => {
    it('get a signed, httpOnly, SameSite=Lax cookie, vote once, and get 409 "Already voted." after', async () => {
      const address = newAddress();
      const page = await t.app.inject({ url: '/api/vote', headers: { 'x-forwarded-for': address } });
      const cookie = page.cookies.find((c) => c.name === VISITOR_COOKIE)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/vote' });
      expect(cookie.secure).toBeFalsy();
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(page.json()).toMatchObject({ voter: 'visitor', ballot: null });

      const visitor = { cookie: `${cookie.name}=${cookie.value}`, address };
      const cast = await vote(chinaBallot, asVisitor(visitor));
      expect(cast.statusCode).toBe(201);
      expect(cast.json().ballot.picks).toEqual({
        bestPointScorer: { id: 'oscar-piastri', name: 'Oscar Piastri', teamName: 'McLaren', teamColour: '#FF8000' },
        bestOfTheRest: { id: 'charles-leclerc', name: 'Charles Leclerc', teamName: 'Ferrari', teamColour: '#E8002D' },
        bestTeam: { id: 'mclaren', name: 'McLaren', teamName: null, teamColour: '#FF8000' },
      });
      expect(cast.json().results.race.raceId).toBe(SEED.china2025);

      expectRefusal(await vote({ ...chinaBallot, bestTeam: 'ferrari' }, asVisitor(visitor)), 409, 'Already voted.');
      const reload = (await t.app.inject({ url: '/api/vote', headers: asVisitor(visitor) })).json();
      expect(reload.ballot.picks.bestTeam.id).toBe('mclaren');
    });

    it('100 concurrent votes with one visitor cookie store exactly one ballot', async () => {
      const visitor = await newVisitor();
      const visitorId = visitor.cookie.split('.')[1]!;
      const answers = await Promise.all(Array.from({ length: 100 }, () => vote(chinaBallot, asVisitor(visitor))));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(99);
      expect(await ballotCount(eq(ballots.visitorId, visitorId))).toBe(1);
    });

    it('refuse a tampered visitor cookie with 400, count nothing, and clear it', async () => {
      const visitor = await newVisitor();
      const [name, value] = visitor.cookie.split('=') as [string, string];
      const [version, id, signature] = value.split('.') as [string, string, string];
      const otherId = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
      const forgeries = [`${version}.${otherId}.${signature}`, `${version}.${id}.${signature.slice(1)}x`, `${version}.${id}`, 'anything'];
      const before = await ballotCount();
      for (const forged of forgeries) {
        const refused = await vote(chinaBallot, { cookie: `${name}=${forged}`, 'x-forwarded-for': visitor.address });
        expectRefusal(refused, 400, 'Invalid visitor cookie. Reload the page and vote again.');
        expect(refused.cookies.find((c) => c.name === VISITOR_COOKIE)?.value).toBe('');
      }
      expect(await ballotCount()).toBe(before);
      // The vote page hands a fresh identity to a browser holding a bad cookie.
      const page = await t.app.inject({ url: '/api/vote', headers: { cookie: `${name}=anything` } });
      expect(page.statusCode).toBe(200);
      expect(cookieFrom(page, VISITOR_COOKIE)).toMatch(/^slipstream_visitor=v1\./);
    });

    it('are limited to three ballots per client address and race, so clearing cookies is no free vote', async () => {
      const address = newAddress();
      for (let i = 0; i < 3; i += 1) {
        expect((await vote(chinaBallot, asVisitor(await newVisitor(address)))).statusCode).toBe(201);
      }
      expectRefusal(await vote(chinaBallot, asVisitor(await newVisitor(address))), 429, 'Too many anonymous votes from this address for this race. Sign in to vote.');
      // A first visit without any cookie is the same person clearing cookies.
      expect((await vote(chinaBallot, { 'x-forwarded-for': address })).statusCode).toBe(429);
      // Another address, and a signed-in user at this one, still vote.
      expect((await vote(chinaBallot, asVisitor(await newVisitor()))).statusCode).toBe(201);
      const user = await newUser();
      expect((await vote(chinaBallot, { ...user.auth, 'x-forwarded-for': address })).statusCode).toBe(201);
    });

    it('count an IPv6 /64 as one address', async () => {
      const prefix = '2001:db8:aaaa:1';
      for (const host of ['::1', '::2', '::3']) {
        expect((await vote(chinaBallot, asVisitor(await newVisitor(`${prefix}${host}`)))).statusCode).toBe(201);
      }
      expect((await vote(chinaBallot, asVisitor(await newVisitor(`${prefix}:ffff:ffff:ffff:ffff`)))).statusCode).toBe(429);
      expect((await vote(chinaBallot, asVisitor(await newVisitor('2001:db8:aaaa:2::1')))).statusCode).toBe(201);
    });
  });

  describe('signed-in users', () => {
    it('are identified by their token only: a user id in the body is refused', async () => {
      const user = await newUser();
      const other = await newUser();
      const before = await ballotCount();
      expectRefusal(await vote({ ...chinaBallot, userId: other.uid }, user.auth), 400, /^Invalid request: Unrecognized key/);
      const anonymousClaim = await vote({ ...chinaBallot, userId: other.uid });
      expect(anonymousClaim.statusCode).toBe(400);
      expect(await ballotCount()).toBe(before);

      expect((await vote(chinaBallot, user.auth)).statusCode).toBe(201);
      expect(await ballotCount(eq(ballots.userId, user.uid))).toBe(1);
      expect(await ballotCount(eq(ballots.userId, other.uid))).toBe(0);
    });

    it('with a bad token get 401, never an anonymous vote', async () => {
      const before = await ballotCount();
      const refused = await vote(chinaBallot, { authorization: 'Bearer not-a-token' });
      expect(refused.statusCode).toBe(401);
      expect(refused.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();
      expect(await ballotCount()).toBe(before);
    });

    it('100 concurrent votes with one token store exactly one ballot', async () => {
      const user = await newUser();
      const headers = { ...user.auth, 'x-forwarded-for': newAddress() };
      const answers = await Promise.all(Array.from({ length: 100 }, () => vote(chinaBallot, headers)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(99);
      expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({ message: 'Already voted.' });
      expect(await ballotCount(eq(ballots.userId, user.uid))).toBe(1);
      const state = (await t.app.inject({ url: '/api/vote', headers: user.auth })).json();
      expect(state.voter).toBe('user');
      expect(state.ballot.picks.bestPointScorer.id).toBe('oscar-piastri');
      expect(state.ballot.votedAt).toEqual(expect.any(String));
    });

    it('see their own votes, newest first, and only theirs', async () => {
      const user = await newUser();
      expect((await t.app.inject('/api/votes/mine')).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/votes/mine', headers: user.auth })).json()).toEqual({ votes: [] });

      await at('2025-03-17T12:00:00Z');
      const australia = { raceId: SEED.australia2025, bestPointScorer: 'lando-norris', bestOfTheRest: 'isack-hadjar', bestTeam: 'mercedes' };
      expect((await vote(australia, user.auth)).statusCode).toBe(201);
      await at(CHINA_OPEN);
      expect((await vote({ ...chinaBallot, bestTeam: 'red-bull' }, user.auth)).statusCode).toBe(201);
      await vote(chinaBallot, (await newUser()).auth);

      const mine = await t.app.inject({ url: '/api/votes/mine', headers: user.auth });
      expect(mine.headers['cache-control']).toBe('private, no-cache');
      const { votes } = mine.json();
      expect(votes.map((v: { race: { raceId: number } }) => v.race.raceId)).toEqual([SEED.china2025, SEED.australia2025]);
      expect(votes[0].picks.bestTeam).toEqual({ id: 'red-bull', name: 'Red Bull', teamName: null, teamColour: '#3671C6' });
      expect(votes[1]).toMatchObject({
        votedAt: '2025-03-17T12:00:00.000Z',
        race: { raceId: SEED.australia2025, meetingName: 'Australian Grand Prix', season: 2025, round: 1 },
        picks: {
          bestPointScorer: { id: 'lando-norris', name: 'Lando Norris', teamName: 'McLaren' },
          bestOfTheRest: { id: 'isack-hadjar', name: 'Isack Hadjar', teamName: 'Racing Bulls' },
          bestTeam: { id: 'mercedes', name: 'Mercedes' },
        },
      });
    });
  });

  describe('input validation', () => {
    const cases: [string, object, string][] = [
      ['a missing category', { raceId: SEED.china2025, bestPointScorer: 'oscar-piastri', bestOfTheRest: 'charles-leclerc' }, 'Invalid bestTeam: Each category must be selected.'],
      ['an empty pick', { ...chinaBallot, bestOfTheRest: '' }, 'Invalid bestOfTheRest: an F1DB id such as max-verstappen'],
      ['a pick that is no id', { ...chinaBallot, bestTeam: 'Robert"); drop table ballots;--' }, 'Invalid bestTeam: an F1DB id such as max-verstappen'],
      ['a race id that is no number', { ...chinaBallot, raceId: '1127' }, 'Invalid raceId: Invalid input: expected number, received string'],
      ['a point scorer who scored nothing', { ...chinaBallot, bestPointScorer: 'lewis-hamilton' }, 'Invalid bestPointScorer: not a driver who scored points in this race'],
      ['a best of the rest who scored', { ...chinaBallot, bestOfTheRest: 'yuki-tsunoda' }, 'Invalid bestOfTheRest: not a driver who finished this race without points'],
      ['a driver of another race', { ...chinaBallot, bestOfTheRest: 'carlos-sainz-jr' }, 'Invalid bestOfTheRest: not a driver who finished this race without points'],
      ['a team not in the race', { ...chinaBallot, bestTeam: 'williams' }, 'Invalid bestTeam: not a team of this race'],
    ];
    it.each(cases)('refuses %s with 400 naming the field', async (_name, payload, message) => {
      const before = await ballotCount();
      const refused = await vote(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message });
      expect(await ballotCount()).toBe(before);
    });

    it('refuses a body that is not JSON, a ballot for another race, and a request without X-Requested-With', async () => {
      const text = await t.app.inject({ method: 'POST', url: '/api/vote', headers: { ...APP, 'content-type': 'text/plain' }, payload: 'bestTeam=mclaren' });
      expect(text.statusCode).toBe(400);
      const otherRace = await vote({ ...chinaBallot, raceId: SEED.australia2025 });
      expect(otherRace.statusCode).toBe(409);
      const crossSite = await t.app.inject({ method: 'POST', url: '/api/vote', payload: chinaBallot });
      expect(crossSite.statusCode).toBe(403);
      expect((await t.app.inject('/api/vote-results/abc')).statusCode).toBe(400);
      expect((await t.app.inject('/api/vote-results/999999')).json()).toEqual({ message: 'No race 999999 in the data' });
    });
  });
});

describe('the ballots table', () => {
  it('refuses a second ballot per race of one user, one visitor, or one address slot, whatever the server checks', async () => {
    const database = await openSeededDatabase();
    try {
      const { db } = database;
      const picks = { bestPointScorer: 'oscar-piastri', bestOfTheRest: 'charles-leclerc', bestTeam: 'mclaren' };
      const now = new Date(CHINA_OPEN);
      const [user] = await db.insert(users).values({ email: 'table@example.com' }).returning();
      await insertUserBallot(db, SEED.china2025, user!.id, picks, now);
      await expect(insertUserBallot(db, SEED.china2025, user!.id, picks, now)).rejects.toSatisfy(isUniqueViolation);
      await insertUserBallot(db, SEED.australia2025, user!.id, picks, now);

      await insertVisitorBallot(db, SEED.china2025, { visitorId: 'a', addressHash: 'h', addressSlot: 1 }, picks, now);
      await expect(insertVisitorBallot(db, SEED.china2025, { visitorId: 'a', addressHash: 'h2', addressSlot: 1 }, picks, now)).rejects.toSatisfy(isUniqueViolation);
      await expect(insertVisitorBallot(db, SEED.china2025, { visitorId: 'b', addressHash: 'h', addressSlot: 1 }, picks, now)).rejects.toSatisfy(isUniqueViolation);
      await insertVisitorBallot(db, SEED.china2025, { visitorId: 'b', addressHash: 'h', addressSlot: 2 }, picks, now);
      await expect(db.insert(ballots).values({ raceId: SEED.china2025, ...picks, createdAt: now })).rejects.toThrow(); // no voter
      expect(await db.select().from(ballots)).toHaveLength(4);
    } finally {
      await database.close();
    }
  });
});

describe('vote results', () => {
  let t: TestApp;
  const ballot = (bestPointScorer: string, bestOfTheRest: string, bestTeam: string) => ({ raceId: SEED.china2025, bestPointScorer, bestOfTheRest, bestTeam });

  beforeAll(async () => {
    t = await buildTestApp({ database: await openSeededDatabase(), now: CHINA_OPEN, config: { voteRateLimit: 10_000 } });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it('count every category and give whole percentages that add up to 100', async () => {
    expect((await t.app.inject('/api/vote/results')).json()).toEqual({ races: [] });
    const empty = (await t.app.inject(`/api/vote-results/${SEED.china2025}`)).json();
    expect(empty).toEqual({ fomRaceId: SEED.china2025, totalVotes: 0, topTenDrivers: [], topBestOfTheRestDrivers: [], topBestTeam: [] });

    const ballots = [
      ballot('lando-norris', 'lewis-hamilton', 'mercedes'),
      ballot('oscar-piastri', 'charles-leclerc', 'mclaren'),
      ballot('oscar-piastri', 'charles-leclerc', 'mclaren'),
      ballot('george-russell', 'lewis-hamilton', 'red-bull'),
      ballot('oscar-piastri', 'lewis-hamilton', 'mclaren'),
      ballot('lando-norris', 'charles-leclerc', 'ferrari'),
    ];
    for (const [i, payload] of ballots.entries()) {
      const cast = await t.app.inject({ method: 'POST', url: '/api/vote', headers: { ...APP, 'x-forwarded-for': `10.9.0.${i}` }, payload });
      expect(cast.statusCode).toBe(201);
    }

    const { races } = (await t.app.inject('/api/vote/results')).json();
    expect(races).toHaveLength(1);
    expect(races[0].race.raceId).toBe(SEED.china2025);
    expect(races[0].totalVotes).toBe(6);
    const shares = (options: { id: string; votes: number; percent: number }[]) => options.map((o) => [o.id, o.votes, o.percent]);
    expect(shares(races[0].categories.bestPointScorer)).toEqual([
      ['oscar-piastri', 3, 50],
      ['lando-norris', 2, 33],
      ['george-russell', 1, 17],
    ]);
    // Three votes each: a tie keeps the classification's order.
    expect(shares(races[0].categories.bestOfTheRest)).toEqual([
      ['charles-leclerc', 3, 50],
      ['lewis-hamilton', 3, 50],
    ]);
    // Three sixths round to 17 + 17 + 16 + 50: the earlier of equal remainders gets the extra point.
    expect(shares(races[0].categories.bestTeam)).toEqual([
      ['mclaren', 3, 50],
      ['mercedes', 1, 17],
      ['red-bull', 1, 17],
      ['ferrari', 1, 16],
    ]);
    expect(races[0].categories.bestTeam[0]).toEqual({ id: 'mclaren', name: 'McLaren', teamName: null, teamColour: '#FF8000', votes: 3, percent: 50 });

    const preview = await t.app.inject(`/api/vote-results/${SEED.china2025}`);
    expect(preview.headers['cache-control']).toBe('no-cache');
    expect(preview.headers.etag).toBeDefined();
    const leaders = preview.json();
    expect(leaders.totalVotes).toBe(6);
    expect(leaders.topTenDrivers[0]).toEqual({
      driverId: 'oscar-piastri',
      votes: 3,
      percent: 50,
      teamColour: '#FF8000',
      driverData: { driverImage: null, driverFirstName: 'Oscar', driverLastName: 'Piastri', displayTeamName: 'McLaren' },
    });
    expect(leaders.topBestOfTheRestDrivers.map((d: { driverId: string }) => d.driverId)).toEqual(['charles-leclerc', 'lewis-hamilton']);
    expect(leaders.topBestTeam[0]).toEqual({
      constructorId: 'mclaren',
      votes: 3,
      percent: 50,
      teamColour: '#FF8000',
      teamData: { teamLogoImage: null, displayTeamName: 'McLaren' },
    });
  });
});

describe('vote rate limit', () => {
  it('refuses more vote submissions per address and minute than VOTE_RATE_LIMIT allows', async () => {
    const t = await buildTestApp({ database: await openSeededDatabase(), now: CHINA_OPEN, config: { voteRateLimit: 2 } });
    try {
      const send = (address: string) =>
        t.app.inject({ method: 'POST', url: '/api/vote', headers: { ...APP, 'x-forwarded-for': address }, payload: { ...chinaBallot, bestTeam: 'nobody' } });
      expect((await send('10.8.0.1')).statusCode).toBe(400);
      expect((await send('10.8.0.1')).statusCode).toBe(400);
      const limited = await send('10.8.0.1');
      expectRefusal(limited, 429, /^Too many votes from this address\. Try again in 1 minute\.$/);
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await send('10.8.0.2')).statusCode).toBe(400);
    } finally {
      await t.close();
      await t.database.close();
    }
  });
});
