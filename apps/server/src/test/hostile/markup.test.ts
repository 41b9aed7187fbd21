import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { grantAdmin } from '../../modules/auth/service';
import { fromNewClient, latestOutboxCode, signUpAndSignIn, TEST_PASSWORD, type SignedInUser } from '../accounts';
import { buildTestApp, type TestApp } from '../app';

/**
 * Markup in user-supplied strings: the API hands it back as JSON data (the web renders it as text, see
 * apps/web/src/features/account/ProfilePage.test.tsx), and the mails never carry it as markup.
 */
const MARKUP = '<img src=x onerror=alert(1)>';

describe('markup in user-supplied strings', () => {
  let t: TestApp;
  let user: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await signUpAndSignIn(t.app, t.database, 'markup@example.com');
    admin = await signUpAndSignIn(t.app, t.database, 'markup-admin@example.com');
    await grantAdmin(t.database.db, admin.email);
  });
  afterAll(() => t.close());

  it('keeps names and nicknames as data: JSON out, byte for byte, never HTML', async () => {
    const names = { displayName: `${MARKUP}x`, nickname: '<script>alert(1)</script>', firstName: '"><svg onload=alert(1)>', lastName: "O'Brien & <b>" };
    const saved = await t.app.inject({ method: 'PATCH', url: `/api/profile/${user.uid}`, headers: user.auth, payload: names });
    expect(saved.statusCode).toBe(200);
    const read = await t.app.inject({ url: `/api/profile/${user.uid}`, headers: user.auth });
    expect(read.headers['content-type']).toMatch(/^application\/json/);
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.json().data).toMatchObject(names);
  });

  it('reduces markup in a news edit to its text', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers: admin.auth,
      payload: { source: 'formula1', title: `Norris wins ${MARKUP}`, link: 'https://example.com/a', description: '<script>alert(1)</script>' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const edited = await t.app.inject({ method: 'PATCH', url: `/api/admin/news/${created.json().id}`, headers: admin.auth, payload: { author: `${MARKUP}Ana <b>Pop</b>` } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.headers['content-type']).toMatch(/^application\/json/);
    expect(edited.json()).toMatchObject({ title: 'Norris wins', author: 'Ana Pop', description: '' });
  });

  it('sends mails whose HTML holds only its own paragraphs and link, whatever the account is called', async () => {
    const email = 'markup-mail@example.com';
    const headers = fromNewClient();
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', headers, payload: { email, password: TEST_PASSWORD, displayName: MARKUP } });
    await latestOutboxCode(t.database, email);
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', headers, payload: { email } });
    await t.app.mailer.idle();
    const mails = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(2);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const tags = [...mail.html.matchAll(/<\/?([a-z]+)/gi)].map((match) => match[1]!.toLowerCase());
      expect(new Set(tags)).toEqual(new Set(['p', 'a']));
      expect(mail.html).not.toMatch(/onerror|<img|<script/i);
    }
  });
});
