import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type SignedInUser } from '../../test/accounts';
import { buildTestApp, type TestApp } from '../../test/app';
import { grantAdmin } from '../auth/service';

/** The news admin endpoints stand behind the real admin check when the app is built as in production. */
describe('news admin endpoints without a test guard', () => {
  let t: TestApp;
  let user: SignedInUser;
  let admin: SignedInUser;
  const item = { source: 'racefans', title: 'Paddock notes', link: 'https://www.racefans.net/paddock-notes/' };

  beforeAll(async () => {
    t = await buildTestApp();
    user = await signUpAndSignIn(t.app, t.database, 'fan@example.com');
    admin = await signUpAndSignIn(t.app, t.database, 'boss@example.com');
    await grantAdmin(t.database.db, 'boss@example.com');
  });
  afterAll(() => t.close());

  it('refuses a visitor without a token (401) and a plain user (403)', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/news', payload: item });
    expect(anonymous.statusCode).toBe(401);
    const plain = await t.app.inject({ method: 'POST', url: '/api/admin/news', headers: user.auth, payload: item });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().message).toBe('You are not the admin');
  });

  it('lets an admin add an item', async () => {
    const added = await t.app.inject({ method: 'POST', url: '/api/admin/news', headers: admin.auth, payload: item });
    expect(added.statusCode).toBe(201);
  });
});
