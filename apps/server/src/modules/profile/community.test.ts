import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Driver, Team } from '@slipstream/contract';
import { signUpAndSignIn, type SignedInUser } from '../../test/accounts';
import { buildTestApp, type TestApp } from '../../test/app';
import { openF1TestDatabase } from '../../test/f1-database';

/** Favourites counted into the F1 answers of the featured season (2025 at the pinned clock). */
describe('favourites in the F1 answers', () => {
  let t: TestApp;
  let fans: SignedInUser[];

  beforeAll(async () => {
    t = await buildTestApp({ database: await openF1TestDatabase() });
    fans = [];
    for (const email of ['oscar.fan@example.com', 'lando.fan@example.com', 'max.fan@example.com']) {
      fans.push(await signUpAndSignIn(t.app, t.database, email));
    }
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const teams = async () => (await t.app.inject('/api/teams')).json<Team[]>();
  const drivers = async () => (await t.app.inject('/api/drivers?order=asc')).json<Driver[]>();
  const choose = (user: SignedInUser, favourites: { favDriver?: string | null; favTeam?: string | null }) =>
    t.app.inject({ method: 'PATCH', url: `/api/profile/${user.uid}`, headers: user.auth, payload: { favourites } });

  it('shows new favourites at once, although the standings themselves are cached', async () => {
    // Warm the F1 cache first: the counts must not be part of what it keeps.
    expect((await teams()).every((team) => team.liked_by === 0)).toBe(true);
    expect((await drivers()).every((driver) => driver.nrFani === 0)).toBe(true);
    expect((await t.app.inject('/api/favourite-drivers/fans')).json()).toEqual([]);

    const [first, second, third] = fans as [SignedInUser, SignedInUser, SignedInUser];
    for (const response of [
      await choose(first, { favDriver: 'lando-norris', favTeam: 'mclaren' }),
      await choose(second, { favDriver: 'lando-norris', favTeam: 'mclaren' }),
      await choose(third, { favDriver: 'max-verstappen', favTeam: 'red-bull' }),
    ]) {
      expect(response.statusCode).toBe(200);
    }

    const likes = Object.fromEntries((await teams()).map((team) => [team._id, team.liked_by]));
    expect(likes).toMatchObject({ mclaren: 2, 'red-bull': 1, ferrari: 0 });
    const fanCounts = Object.fromEntries((await drivers()).map((driver) => [driver._id, driver.nrFani]));
    expect(fanCounts).toMatchObject({ 'lando-norris': 2, 'max-verstappen': 1, 'charles-leclerc': 0 });
    expect((await t.app.inject('/api/favourite-drivers/fans')).json()).toEqual([
      { driverId: 'lando-norris', fans: 2 },
      { driverId: 'max-verstappen', fans: 1 },
    ]);
    const [norris] = (await t.app.inject('/api/drivers/NOR')).json<Driver[]>();
    expect(norris?.nrFani).toBe(2);

    await choose(second, { favDriver: null });
    expect((await drivers()).find((driver) => driver._id === 'lando-norris')?.nrFani).toBe(1);
  });

  it('lets browsers keep the counted answers only until they revalidate', async () => {
    for (const url of ['/api/teams', '/api/drivers', '/api/drivers/NOR', '/api/favourite-drivers/fans']) {
      expect((await t.app.inject(url)).headers['cache-control']).toBe('public, max-age=0');
    }
  });
});
