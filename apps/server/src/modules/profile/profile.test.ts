import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse } from '@slipstream/contract';
import { constructors, drivers, favourites, sessions, users } from '../../db/schema';
import { fromNewClient, signUpAndSignIn, TEST_PASSWORD, type SignedInUser } from '../../test/accounts';
import { buildTestApp, type TestApp } from '../../test/app';
import { grantAdmin } from '../auth/service';
import { fansByDriver, likesByConstructor } from './favourites';
import { expectRefusal } from '../../test/refusal';

function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = '----slipstream-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 255, g: 135, b: 0 } } }).png().toBuffer();

describe('profiles', () => {
  let t: TestApp;
  let lewis: SignedInUser;
  let kimi: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp();
    const driver = { gender: 'MALE', nationalityId: 'netherlands' };
    await t.database.db.insert(drivers).values([
      { id: 'max-verstappen', name: 'Max Verstappen', firstName: 'Max', lastName: 'Verstappen', fullName: 'Max Emilian Verstappen', abbreviation: 'VER', ...driver },
      { id: 'lando-norris', name: 'Lando Norris', firstName: 'Lando', lastName: 'Norris', fullName: 'Lando Norris', abbreviation: 'NOR', ...driver, nationalityId: 'united-kingdom' },
    ]);
    await t.database.db.insert(constructors).values([
      { id: 'mclaren', name: 'McLaren', fullName: 'McLaren', countryId: 'united-kingdom' },
      { id: 'red-bull', name: 'Red Bull', fullName: 'Red Bull Racing', countryId: 'austria' },
    ]);
    lewis = await signUpAndSignIn(t.app, t.database, 'lewis@example.com');
    kimi = await signUpAndSignIn(t.app, t.database, 'kimi@example.com');
  });
  afterAll(() => t.close());

  const request = (user: SignedInUser | undefined, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: user ? user.auth : {} });
  const profileOf = async (user: SignedInUser) => (await request(user, 'GET', `/api/profile/${user.uid}`)).json<ProfileResponse>().data;

  it('shows a user their own profile in the shape docs/product.md (Accounts and guards) describes', async () => {
    const response = await request(lewis, 'GET', `/api/profile/${lewis.uid}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { uid: lewis.uid, profilePhoto: null, displayName: null, firstName: null, lastName: null, nickname: null, country: null, favourites: { favDriver: null, favTeam: null } },
    });
  });

  it("refuses another user's profile, and lets an admin read it", async () => {
    const forbidden = await request(kimi, 'GET', `/api/profile/${lewis.uid}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'auth/forbidden' });
    expect((await request(kimi, 'PATCH', `/api/profile/${lewis.uid}`, { nickname: 'Hacked' })).statusCode).toBe(403);
    expect((await request(kimi, 'DELETE', `/api/profile/${lewis.uid}`)).statusCode).toBe(403);

    const admin = await signUpAndSignIn(t.app, t.database, 'steward@example.com');
    await grantAdmin(t.database.db, admin.email);
    expect((await request(admin, 'GET', `/api/profile/${lewis.uid}`)).json<ProfileResponse>().data.uid).toBe(lewis.uid);
    expect((await request(admin, 'PATCH', `/api/profile/${lewis.uid}`, { nickname: 'Admin edit' })).statusCode).toBe(403);
    const unknown = await request(admin, 'GET', '/api/profile/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('requires a valid Bearer token', async () => {
    const response = await request(undefined, 'GET', `/api/profile/${lewis.uid}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'auth/unauthenticated', message: 'User is not authenticated' });
  });

  it('updates names, country and both favourites, and PATCH changes only what it sends', async () => {
    const patched = await request(lewis, 'PATCH', `/api/profile/${lewis.uid}`, {
      displayName: '  Sir Lewis  ',
      firstName: 'Lewis',
      lastName: 'Hamilton',
      country: 'GB',
      favourites: { favDriver: 'max-verstappen', favTeam: 'red-bull' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<ProfileResponse>().data).toMatchObject({
      displayName: 'Sir Lewis',
      firstName: 'Lewis',
      lastName: 'Hamilton',
      country: 'GB',
      favourites: { favDriver: 'max-verstappen', favTeam: 'red-bull' },
    });

    const teamOnly = await request(lewis, 'PATCH', `/api/profile/${lewis.uid}`, { favourites: { favTeam: 'mclaren' } });
    expect(teamOnly.json<ProfileResponse>().data).toMatchObject({ firstName: 'Lewis', favourites: { favDriver: 'max-verstappen', favTeam: 'mclaren' } });

    const replacement = { displayName: 'Lewis H', firstName: null, lastName: null, nickname: 'LH44', country: 'NL', favourites: { favDriver: 'lando-norris', favTeam: null } };
    const replaced = await request(lewis, 'PUT', `/api/profile/${lewis.uid}`, replacement);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<ProfileResponse>().data).toEqual({ uid: lewis.uid, profilePhoto: null, ...replacement });
  });

  it('answers bad input with 400 naming the field, and saves nothing of a refused update', async () => {
    const before = await profileOf(kimi);
    const cases: [string, 'PUT' | 'PATCH', unknown, RegExp][] = [
      ['display name too short', 'PATCH', { displayName: 'Al' }, /^Invalid displayName: at least 3 characters/],
      ['display name too long', 'PATCH', { displayName: 'x'.repeat(41) }, /^Invalid displayName: at most 40 characters/],
      ['unknown country', 'PATCH', { country: 'XX' }, /^Invalid country: an ISO 3166-1 alpha-2 country code/],
      ['lower-case country', 'PATCH', { country: 'gb' }, /^Invalid country: /],
      ['unknown field', 'PATCH', { email: 'new@example.com' }, /^Invalid request: /],
      ['empty first name', 'PATCH', { firstName: '   ' }, /^Invalid firstName: must not be empty/],
      ['badly formed driver id', 'PATCH', { favourites: { favDriver: 'Max Verstappen' } }, /^Invalid favourites.favDriver: an F1DB id/],
      ['PUT without every field', 'PUT', { displayName: 'Kimi' }, /^Invalid firstName: /],
    ];
    for (const [name, method, payload, message] of cases) {
      const response = await request(kimi, method, `/api/profile/${kimi.uid}`, payload as object);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
      expect(response.json().message).toMatch(message);
    }

    const unknownDriver = await request(kimi, 'PATCH', `/api/profile/${kimi.uid}`, { firstName: 'Changed', favourites: { favDriver: 'nobody-at-all' } });
    expect(unknownDriver.statusCode).toBe(400);
    expect(unknownDriver.json()).toEqual({ code: 'profile/unknown-driver', message: 'Invalid favourites.favDriver: there is no driver with id "nobody-at-all"' });
    const unknownTeam = await request(kimi, 'PATCH', `/api/profile/${kimi.uid}`, { favourites: { favDriver: 'max-verstappen', favTeam: 'brabham-bt46' } });
    expect(unknownTeam.json()).toMatchObject({ code: 'profile/unknown-team' });
    expect(await profileOf(kimi)).toEqual(before);

    expect((await request(kimi, 'GET', '/api/profile/not-a-uuid')).json().message).toMatch(/^Invalid uid: /);
  });

  describe('photo', () => {
    const upload = (user: SignedInUser, body: ReturnType<typeof multipart>) =>
      t.app.inject({ method: 'PUT', url: `/api/profile/${user.uid}/photo`, payload: body.payload, headers: { ...user.auth, ...body.headers } });

    it('stores a real PNG as a square WebP, serves it, and removes the old one on replacement', async () => {
      const first = await upload(kimi, multipart('photo', 'me.png', 'image/png', await pngOf(40, 30)));
      expect(first.statusCode).toBe(200);
      const firstUrl = first.json<ProfileResponse>().data.profilePhoto!;
      expect(firstUrl).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);
      expect(fs.existsSync(path.join(t.config.dataDir, firstUrl))).toBe(true);

      const served = await t.app.inject(firstUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 30, height: 30 });

      const second = await upload(kimi, multipart('photo', 'big.png', 'image/png', await pngOf(1200, 900)));
      const secondUrl = second.json<ProfileResponse>().data.profilePhoto!;
      expect(secondUrl).not.toBe(firstUrl);
      expect(await sharp((await t.app.inject(secondUrl)).rawPayload).metadata()).toMatchObject({ width: 512, height: 512 });
      const gone = await t.app.inject(firstUrl);
      expect(gone.statusCode).toBe(404);
      expect(fs.existsSync(path.join(t.config.dataDir, firstUrl))).toBe(false);

      const removed = await request(kimi, 'DELETE', `/api/profile/${kimi.uid}/photo`);
      expect(removed.json<ProfileResponse>().data.profilePhoto).toBeNull();
      expect((await t.app.inject(secondUrl)).statusCode).toBe(404);
    });

    it('judges the type by the content, not the name: text named .png is refused', async () => {
      const fake = await upload(kimi, multipart('photo', 'photo.png', 'image/png', Buffer.from('this is plain text, not a picture')));
      expect(fake.statusCode).toBe(400);
      expect(fake.json()).toEqual({ code: 'profile/unsupported-image', message: 'The photo must be a JPEG, PNG or WebP image.' });

      const png = await pngOf(20, 20);
      const truncated = await upload(kimi, multipart('photo', 'broken.png', 'image/png', png.subarray(0, 40)));
      expect(truncated.statusCode).toBe(400);
      expect(truncated.json()).toMatchObject({ code: 'profile/unsupported-image' });

      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      expect((await upload(kimi, multipart('photo', 'anim.webp', 'image/webp', gif))).statusCode).toBe(400);
      expect((await profileOf(kimi)).profilePhoto).toBeNull();
    });

    it('refuses a photo over 10 MB, a missing file and a body that is not multipart', async () => {
      const tooLarge = await upload(kimi, multipart('photo', 'huge.png', 'image/png', Buffer.alloc(10 * 1024 * 1024 + 1, 1)));
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({ code: 'profile/image-too-large' });

      expectRefusal(await upload(kimi, multipart('avatar', 'me.png', 'image/png', await pngOf(10, 10))), 400, /^Invalid photo: /);

      expectRefusal(await request(kimi, 'PUT', `/api/profile/${kimi.uid}/photo`, { photo: 'data:image/png;base64,AAAA' }), 400, /^Invalid photo: /);
    });
  });

  it('counts fans per driver and likes per team for the F1 module', async () => {
    const fans = await Promise.all(['a', 'b', 'c'].map((name) => signUpAndSignIn(t.app, t.database, `fan-${name}@example.com`)));
    const choose = (user: SignedInUser, favDriver: string | null, favTeam: string | null) =>
      request(user, 'PATCH', `/api/profile/${user.uid}`, { favourites: { favDriver, favTeam } });
    await choose(fans[0]!, 'max-verstappen', 'mclaren');
    await choose(fans[1]!, 'max-verstappen', 'mclaren');
    await choose(fans[2]!, null, 'red-bull');
    const counts = async () => ({ drivers: await fansByDriver(t.database.db), teams: await likesByConstructor(t.database.db) });
    const before = await counts();
    const find = <T extends object>(rows: T[], key: keyof T, id: string) => rows.find((row) => row[key] === id);

    const lewisChoice = (await profileOf(lewis)).favourites;
    expect(find(before.drivers, 'driverId', 'max-verstappen')?.fans).toBe(2 + (lewisChoice.favDriver === 'max-verstappen' ? 1 : 0));
    expect(before.drivers.map(({ fans: count }) => count)).toEqual([...before.drivers.map(({ fans: count }) => count)].sort((a, b) => b - a));
    expect(find(before.teams, 'constructorId', 'mclaren')?.likes).toBe(2);
    expect(before.teams.every(({ constructorId }) => constructorId !== null)).toBe(true);

    await choose(fans[1]!, 'lando-norris', null);
    const after = await counts();
    expect(find(after.drivers, 'driverId', 'max-verstappen')?.fans).toBe(find(before.drivers, 'driverId', 'max-verstappen')!.fans - 1);
    expect(find(after.teams, 'constructorId', 'mclaren')?.likes).toBe(1);
  });

  it('deletes the own account with everything tied to it', async () => {
    const leaving = await signUpAndSignIn(t.app, t.database, 'leaving@example.com');
    await request(leaving, 'PATCH', `/api/profile/${leaving.uid}`, { favourites: { favDriver: 'lando-norris', favTeam: 'mclaren' } });
    const body = multipart('photo', 'me.png', 'image/png', await pngOf(16, 16));
    const uploaded = await t.app.inject({ method: 'PUT', url: `/api/profile/${leaving.uid}/photo`, payload: body.payload, headers: { ...leaving.auth, ...body.headers } });
    const photoUrl = uploaded.json<ProfileResponse>().data.profilePhoto!;
    expect(fs.existsSync(path.join(t.config.dataDir, photoUrl))).toBe(true);

    const deleted = await request(leaving, 'DELETE', `/api/profile/${leaving.uid}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.cookies.find(({ name }) => name === 'slipstream_refresh')?.value).toBe('');

    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, leaving.uid))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, leaving.uid))).toEqual([]);
    expect(await db.select().from(favourites).where(eq(favourites.userId, leaving.uid))).toEqual([]);
    expect((await t.app.inject(photoUrl)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.config.dataDir, photoUrl))).toBe(false);
    expect((await request(leaving, 'GET', `/api/profile/${leaving.uid}`)).statusCode).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: fromNewClient(), payload: { email: leaving.email, password: TEST_PASSWORD } });
    expect(signIn.json()).toMatchObject({ code: 'auth/user-not-found' });
  });
});
