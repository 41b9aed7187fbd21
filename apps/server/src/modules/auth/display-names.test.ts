import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse } from '@slipstream/contract';
import { users } from '../../db/schema';
import { fromNewClient, signUpAndSignIn, TEST_PASSWORD, type SignedInUser } from '../../test/accounts';
import { buildTestApp, type TestApp } from '../../test/app';
import { confusableSkeleton, keepDisplayNameSkeletons } from './display-names';
import { expectRefusal } from '../../test/refusal';

const UNSEEN_MESSAGE = 'must not contain invisible or control characters, nor ones that change the text direction (such as zero-width spaces or right-to-left marks)';

describe('names people see', () => {
  let t: TestApp;
  let max: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp();
    max = await signUpAndSignIn(t.app, t.database, 'max@example.com');
    other = await signUpAndSignIn(t.app, t.database, 'other@example.com');
  });
  afterAll(() => t.close());

  const patch = (user: SignedInUser, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/profile/${user.uid}`, headers: user.auth, payload });
  const signUp = (email: string, displayName: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up', headers: fromNewClient(), payload: { email, password: TEST_PASSWORD, displayName } });

  it('answers a NUL in any name with 400, at sign-up and in the profile', async () => {
    expectRefusal(await signUp('nul@example.com', 'Max\u0000Power'), 400, `Invalid displayName: ${UNSEEN_MESSAGE}`);
    for (const field of ['displayName', 'firstName', 'lastName', 'nickname']) {
      const response = await patch(other, { [field]: 'Ki\u0000mi' });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toEqual({ message: `Invalid ${field}: ${UNSEEN_MESSAGE}` });
    }
  });

  it.each([
    ['a right-to-left override', 'Max\u202eVerstappen'],
    ['a directional isolate', '\u2067Max Verstappen\u2069'],
    ['a right-to-left mark', 'Max\u200fVerstappen'],
    ['a zero-width space', 'Max\u200bVerstappen'],
    ['a zero-width joiner', 'Ma\u200dx'],
    ['a word joiner', 'Max\u2060V'],
    ['a byte order mark', '\ufeffMax'],
    ['a Hangul filler', 'Max\u3164'],
    ['a soft hyphen', 'Max\u00adVerstappen'],
    ['a private-use character', 'Max\ue000'],
    ['a blank braille pattern', 'RT\u2800victim'],
    ['a half-width Hangul filler', 'RT\uffa0victim'],
    ['a variation selector other than the emoji ones', 'RT victim\ufe01'],
  ])('refuses a display name with %s', async (_what, name) => {
    expectRefusal(await patch(other, { displayName: name }), 400, `Invalid displayName: ${UNSEEN_MESSAGE}`);
  });

  it('keeps names in NFKC with their spaces collapsed, and emoji with their presentation selector', async () => {
    const response = await patch(other, { displayName: '  Ｋｉｍｉ   Räikkönen 🏎️ ', nickname: 'Ice\u00a0Man' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ProfileResponse>().data).toMatchObject({ displayName: 'Kimi Räikkönen 🏎️', nickname: 'Ice Man' });
  });

  it('refuses, with 409, a display name that another account uses or one that looks the same', async () => {
    expect((await patch(max, { displayName: 'Max Verstappen' })).statusCode).toBe(200);
    // Cyrillic М, а and х; one Cyrillic а; mathematical bold letters; the name itself.
    for (const lookalike of ['Мах Verstappen', 'Mаx Verstappen', '𝐌𝐚𝐱 Verstappen', 'Max Verstappen']) {
      const response = await patch(other, { displayName: lookalike });
      expect(response.statusCode, lookalike).toBe(409);
      expect(response.json()).toEqual({ code: 'profile/display-name-taken', message: 'Another account uses this display name, or one that looks the same. Choose another.' });
    }
    const atSignUp = await signUp('lookalike@example.com', 'Мах Verstappen');
    expect(atSignUp.statusCode).toBe(409);
    expect(atSignUp.json()).toMatchObject({ code: 'profile/display-name-taken' });

    // "rn" looks like "m", and "l" like "I".
    expect((await patch(max, { displayName: 'Kimi Ice' })).statusCode).toBe(200);
    expect((await patch(other, { displayName: 'Kirni lce' })).statusCode).toBe(409);
    // An account may save its own name again; a name given up is free.
    expect((await patch(max, { displayName: 'Kimi Ice', nickname: 'Iceman' })).statusCode).toBe(200);
    expect((await patch(other, { displayName: 'Max Verstappen' })).statusCode).toBe(200);
  });

  it('refuses a display name that differs from another only by case, combining marks or a presentation selector', async () => {
    expect((await patch(max, { displayName: 'RT victim' })).statusCode).toBe(200);
    for (const lookalike of ['RT victim\ufe0f', 'rt Victim', 'RT victi\u0307m', 'RT vi\u0301ctim']) {
      expect((await patch(other, { displayName: lookalike })).statusCode, lookalike).toBe(409);
    }
    expect((await patch(other, { displayName: 'RT victims' })).statusCode).toBe(200);
  });

  it('re-keys at start names kept under an earlier skeleton', async () => {
    const [renamed] = await t.database.db
      .insert(users)
      .values({ email: 'old-skeleton@example.com', displayName: 'Lando Norris\ufe0f', displayNameSkeleton: 'Lando Norris\ufe0f' })
      .returning();
    await keepDisplayNameSkeletons(t.database.db);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, renamed!.id));
    expect(row!.displayNameSkeleton).toBe(confusableSkeleton('lando norris'));
    expect((await patch(other, { displayName: 'LANDO NORRIS' })).statusCode).toBe(409);
  });

  it('gives accounts named before skeletons were kept theirs, the first of two look-alikes keeping it', async () => {
    // Created a second apart: two inserts in a row can share a timestamp, and the tie would go by the random id.
    const [first] = await t.database.db.insert(users).values({ email: 'old-1@example.com', displayName: 'Oscar Piastri', createdAt: new Date('2024-03-01T10:00:00Z') }).returning();
    const [second] = await t.database.db.insert(users).values({ email: 'old-2@example.com', displayName: 'Оscar Piastri', createdAt: new Date('2024-03-01T10:00:01Z') }).returning();
    await keepDisplayNameSkeletons(t.database.db);
    const skeletonOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.displayNameSkeleton;
    expect(await skeletonOf(first!.id)).toBe(confusableSkeleton('Oscar Piastri'));
    expect(await skeletonOf(second!.id)).toBeNull();
    expect((await patch(other, { displayName: 'Oscar Piastri' })).statusCode).toBe(409);
  });
});
