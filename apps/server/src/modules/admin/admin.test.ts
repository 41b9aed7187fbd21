import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminJob,
  adminUsersResponse,
  auditResponse,
  dataStatusResponse,
  diagnosticsResponse,
  newsRefreshResponse,
  type AdminJob,
  type AuditEntry,
} from '@slipstream/contract';
import { auditEntries, dataImports, mailOutbox, races, users } from '../../db/schema';
import { signUpAndSignIn, type SignedInUser } from '../../test/accounts';
import { buildTestApp, type TestApp } from '../../test/app';
import { feedFixture, startFeedServer, type FeedServer } from '../../test/feedServer';
import { grantAdmin } from '../auth/service';

const tinyF1db = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../ingest/f1db/fixtures/tiny');
const SOME_UUID = '00000000-0000-4000-8000-000000000000';

/** Every admin endpoint, with a valid request for each (the guard must refuse before anything else). */
const endpoints: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/admin/status' },
  { method: 'POST', url: '/api/admin/actions/reimport' },
  { method: 'GET', url: `/api/admin/jobs/${SOME_UUID}` },
  { method: 'POST', url: '/api/admin/actions/news-refresh' },
  { method: 'POST', url: '/api/admin/actions/recompute-standings' },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'PATCH', url: `/api/admin/users/${SOME_UUID}`, payload: { role: 'admin' } },
  { method: 'DELETE', url: `/api/admin/users/${SOME_UUID}`, payload: { confirmEmail: 'x@example.com' } },
  { method: 'GET', url: '/api/admin/audit' },
  { method: 'GET', url: '/api/admin/diagnostics' },
  { method: 'POST', url: '/api/admin/diagnostics/test-mail', payload: {} },
  { method: 'GET', url: '/api/admin/sources' },
  { method: 'POST', url: '/api/admin/sources/f1db-release/check' },
];

/** Follows a job the way the dashboard does, until it is no longer running (a minute at most). */
function finishedJob(app: FastifyInstance, admin: SignedInUser, id: string): Promise<AdminJob> {
  return vi.waitFor(
    async () => {
      const job = adminJob.parse((await app.inject({ method: 'GET', url: `/api/admin/jobs/${id}`, headers: admin.auth })).json());
      if (job.status === 'running') throw new Error(`job ${id} is still running`);
      return job;
    },
    { timeout: 60_000, interval: 20 },
  );
}

describe('admin API', () => {
  let t: TestApp;
  let feeds: FeedServer;
  let admin: SignedInUser;
  let fan: SignedInUser;

  const as = (who: SignedInUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who.auth });
  const auditOf = async (query = '') => auditResponse.parse((await as(admin, 'GET', `/api/admin/audit${query}`)).json()).entries;

  const finished = (job: AdminJob) => finishedJob(t.app, admin, job.id);

  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.serve('/f1.xml', { body: feedFixture('official.rss.xml') });
    t = await buildTestApp({
      config: { f1dbDir: tinyF1db, newsFeeds: [{ source: 'formula1', url: feeds.url('/f1.xml'), everyMinutes: 30 }] },
    });
    admin = await signUpAndSignIn(t.app, t.database, 'boss@example.com');
    fan = await signUpAndSignIn(t.app, t.database, 'fan@example.com');
    await grantAdmin(t.database.db, admin.email);
  });
  afterAll(async () => {
    await t.close();
    await feeds.close();
  });

  describe('the real admin check on every endpoint', () => {
    it.each(endpoints)('$method $url: 401 without a token, 403 for a user', async ({ method, url, payload }) => {
      const anonymous = await t.app.inject({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
      const plain = await as(fan, method, url, payload);
      expect(plain.statusCode).toBe(403);
      expect(plain.json().message).toBe('You are not the admin');
    });
  });

  describe('bad input', () => {
    it.each([
      ['GET', '/api/admin/users?page=0', undefined, 'Invalid page: a whole number from 1 to 100000'],
      ['GET', '/api/admin/users?pageSize=500', undefined, 'Invalid pageSize: a whole number from 1 to 100'],
      ['PATCH', '/api/admin/users/not-a-uuid', { role: 'admin' }, 'Invalid id: a user id'],
      ['PATCH', `/api/admin/users/${SOME_UUID}`, { role: 'owner' }, 'Invalid role: user or admin'],
      ['DELETE', `/api/admin/users/${SOME_UUID}`, {}, 'Invalid confirmEmail'],
      ['GET', '/api/admin/audit?from=yesterday', undefined, 'Invalid from: an ISO 8601 instant'],
      ['GET', '/api/admin/audit?from=2025-07-05T00:00:00Z&to=2025-07-04T00:00:00Z', undefined, 'Invalid from: from must not be after to'],
      ['GET', '/api/admin/audit?limit=0', undefined, 'Invalid limit'],
      ['GET', '/api/admin/jobs/42', undefined, 'Invalid id: a job id'],
      ['POST', '/api/admin/diagnostics/test-mail', { to: 'not an address' }, 'Invalid to: an email address'],
    ] as const)('%s %s is a 400 with a message', async (method, url, payload, message) => {
      const response = await as(admin, method, url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    });

    it('answers 404 for an unknown job and an unknown user', async () => {
      expect((await as(admin, 'GET', `/api/admin/jobs/${SOME_UUID}`)).statusCode).toBe(404);
      const response = await as(admin, 'PATCH', `/api/admin/users/${SOME_UUID}`, { role: 'admin' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('No user has this id');
    });
  });

  describe('data status and actions', () => {
    it('says honestly that nothing was imported yet', async () => {
      const status = dataStatusResponse.parse((await as(admin, 'GET', '/api/admin/status')).json());
      expect(status.lastImport).toBeNull();
      expect(status.importCount).toBe(0);
      expect(status.tables.find((table) => table.name === 'users')?.rows).toBe(2);
      expect(status.newsSources).toEqual([expect.objectContaining({ name: 'formula1', lastSuccessAt: null, consecutiveFailures: 0 })]);
    });

    it('re-imports F1DB as a job: 202 at once, then the result, recorded with an audit entry', async () => {
      const started = await as(admin, 'POST', '/api/admin/actions/reimport');
      expect(started.statusCode).toBe(202);
      const job = adminJob.parse(started.json());
      expect(started.headers.location).toBe(`/api/admin/jobs/${job.id}`);
      expect(job).toMatchObject({ kind: 'data.reimport', status: 'running', result: null });

      const done = await finished(job);
      expect(done.status).toBe('succeeded');
      expect(done.fraction).toBe(1);
      expect(done.result?.changedRows).toBeGreaterThan(0);
      expect(done.result?.changes.races?.inserted).toBe((await t.database.db.select({ n: count() }).from(races))[0]!.n);

      const status = dataStatusResponse.parse((await as(admin, 'GET', '/api/admin/status')).json());
      expect(status.lastImport).toMatchObject({ version: done.result!.version, dataDate: done.result!.dataDate, changedRows: done.result!.changedRows });
      expect(status.importCount).toBe(1);

      const [entry] = await auditOf('?action=data.reimport');
      expect(entry).toMatchObject({ actorEmail: admin.email, targetType: 'data', targetId: 'f1db', before: null });
      expect(entry?.after).toMatchObject({ version: done.result!.version, changedRows: done.result!.changedRows });
    });

    it('a second re-import of the same data changes nothing', async () => {
      const done = await finished(adminJob.parse((await as(admin, 'POST', '/api/admin/actions/reimport')).json()));
      expect(done.result).toMatchObject({ changedRows: 0, changes: {} });
      const [entry] = await auditOf('?action=data.reimport');
      expect(entry?.before).toMatchObject({ version: done.result!.version });
    });

    it('reports a failed import in the job, with no audit entry and no import row', async () => {
      const broken = await buildTestApp({ config: { f1dbDir: path.join(tinyF1db, 'no-such-folder') } });
      try {
        const boss = await signUpAndSignIn(broken.app, broken.database, 'boss@example.com');
        await grantAdmin(broken.database.db, boss.email);
        const started = await broken.app.inject({ method: 'POST', url: '/api/admin/actions/reimport', headers: boss.auth });
        const job = await finishedJob(broken.app, boss, adminJob.parse(started.json()).id);
        expect(job.status).toBe('failed');
        expect(job.error).toContain('not an F1DB source tree');
        expect(await broken.database.db.select().from(dataImports)).toEqual([]);
        expect(await broken.database.db.select().from(auditEntries)).toEqual([]);
      } finally {
        await broken.close();
      }
    });

    it('refreshes the news feeds and records who asked', async () => {
      const response = await as(admin, 'POST', '/api/admin/actions/news-refresh');
      expect(response.statusCode).toBe(200);
      const result = newsRefreshResponse.parse(response.json());
      expect(result.sources).toEqual([expect.objectContaining({ source: 'formula1', status: 'fetched', error: null })]);
      expect(result.sources[0]!.inserted).toBeGreaterThan(0);
      const status = dataStatusResponse.parse((await as(admin, 'GET', '/api/admin/status')).json());
      expect(status.newsSources[0]?.lastSuccessAt).not.toBeNull();
      const [entry] = await auditOf('?action=news.');
      expect(entry).toMatchObject({ action: 'news.refresh', actorEmail: admin.email, after: result });
    });

    it('recomputing standings moves the F1 cache revision (a new audit entry)', async () => {
      const response = await as(admin, 'POST', '/api/admin/actions/recompute-standings');
      expect(response.statusCode).toBe(200);
      const [entry] = await auditOf();
      expect(entry).toMatchObject({ action: 'standings.recompute', targetType: 'cache' });
      expect(response.json().cacheRevision).toBe(entry!.id);
    });
  });

  describe('users', () => {
    it('lists users a page at a time and finds them by address or name', async () => {
      for (const n of [1, 2, 3]) await signUpAndSignIn(t.app, t.database, `reader${n}@example.com`);
      await t.database.db.update(users).set({ displayName: 'Lando Fan' }).where(eq(users.email, 'reader2@example.com'));
      const first = adminUsersResponse.parse((await as(admin, 'GET', '/api/admin/users?pageSize=2')).json());
      expect(first).toMatchObject({ page: 1, pageSize: 2, total: 5 });
      expect(first.users.map((user) => user.email)).toEqual(['boss@example.com', 'fan@example.com']);
      const third = adminUsersResponse.parse((await as(admin, 'GET', '/api/admin/users?pageSize=2&page=3')).json());
      expect(third.users.map((user) => user.email)).toEqual(['reader3@example.com']);
      const byName = adminUsersResponse.parse((await as(admin, 'GET', '/api/admin/users?q=lando')).json());
      expect(byName.users.map((user) => user.email)).toEqual(['reader2@example.com']);
      const byAddress = adminUsersResponse.parse((await as(admin, 'GET', '/api/admin/users?q=READER')).json());
      expect(byAddress.total).toBe(3);
      // A typed % is a character, not a wildcard.
      expect(adminUsersResponse.parse((await as(admin, 'GET', '/api/admin/users?q=%25')).json()).total).toBe(0);
    });

    it('changes a role, which takes effect at once, with the values before and after in the log', async () => {
      const promoted = await as(admin, 'PATCH', `/api/admin/users/${fan.uid}`, { role: 'admin' });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({ email: fan.email, role: 'admin' });
      expect((await as(fan, 'GET', '/api/admin/status')).statusCode).toBe(200);

      await as(admin, 'PATCH', `/api/admin/users/${fan.uid}`, { role: 'user' });
      expect((await as(fan, 'GET', '/api/admin/status')).statusCode).toBe(403);

      const [demotion, promotion] = await auditOf('?action=user.role');
      expect(demotion).toMatchObject({ targetType: 'user', targetId: fan.uid, before: { email: fan.email, role: 'admin' }, after: { email: fan.email, role: 'user' } });
      expect(promotion).toMatchObject({ before: { role: 'user' }, after: { role: 'admin' } });
    });

    it('records nothing when the role is already the asked one', async () => {
      const before = await auditOf();
      expect((await as(admin, 'PATCH', `/api/admin/users/${fan.uid}`, { role: 'user' })).statusCode).toBe(200);
      expect(await auditOf()).toEqual(before);
    });

    it('refuses an admin removing their own admin role or deleting themselves', async () => {
      const demote = await as(admin, 'PATCH', `/api/admin/users/${admin.uid}`, { role: 'user' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe('You cannot remove your own admin role; another admin has to do it');
      const remove = await as(admin, 'DELETE', `/api/admin/users/${admin.uid}`, { confirmEmail: admin.email });
      expect(remove.statusCode).toBe(409);
      expect(remove.json().message).toBe('You cannot delete your own account from the admin tools');
      const [me] = await t.database.db.select().from(users).where(eq(users.id, admin.uid));
      expect(me?.role).toBe('admin');
    });

    it('deletes an account only when its address is typed, and logs what it was', async () => {
      const victim = await signUpAndSignIn(t.app, t.database, 'leaving@example.com');
      const wrong = await as(admin, 'DELETE', `/api/admin/users/${victim.uid}`, { confirmEmail: 'someone@example.com' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Invalid confirmEmail: type leaving@example.com to delete this account');

      const deleted = await as(admin, 'DELETE', `/api/admin/users/${victim.uid}`, { confirmEmail: ' Leaving@Example.com ' });
      expect(deleted.statusCode).toBe(204);
      expect(await t.database.db.select().from(users).where(eq(users.id, victim.uid))).toEqual([]);
      // Its session ended with it.
      expect((await t.app.inject({ method: 'GET', url: `/api/profile/${victim.uid}`, headers: victim.auth })).statusCode).toBe(401);

      const [entry] = await auditOf('?action=user.delete');
      expect(entry).toMatchObject({ targetId: victim.uid, before: { email: victim.email, role: 'user' }, after: null });
    });
  });

  describe('audit log', () => {
    it('filters by action prefix, target type, actor and date, newest first, a page at a time', async () => {
      const all = await auditOf('?limit=100');
      expect(all.map((entry) => entry.id)).toEqual([...all.map((entry) => entry.id)].sort((a, b) => b - a));
      expect(new Set((await auditOf('?action=user.')).map((entry) => entry.action))).toEqual(new Set(['user.role', 'user.delete']));
      expect((await auditOf('?targetType=data')).every((entry) => entry.action === 'data.reimport')).toBe(true);
      expect(await auditOf('?actor=BOSS')).toHaveLength(all.length);
      expect(await auditOf('?actor=nobody')).toEqual([]);
      // The entries carry the racing clock's time (pinned at 2025-07-05T12:00:00Z in these tests).
      expect(await auditOf('?from=2025-07-05T11:59:00Z&to=2025-07-05T12:01:00Z&limit=100')).toHaveLength(all.length);
      expect(await auditOf('?to=2025-07-05T11:59:00Z')).toEqual([]);

      const pages: AuditEntry[] = [];
      let before: number | null = 2_147_483_647;
      while (before !== null) {
        const page = auditResponse.parse((await as(admin, 'GET', `/api/admin/audit?limit=2&before=${before}`)).json());
        expect(page.entries.length).toBeLessThanOrEqual(2);
        pages.push(...page.entries);
        before = page.nextBefore;
      }
      expect(pages).toEqual(all);
    });

    it('writes an entry in the same transaction as its change: a change that fails leaves no entry', async () => {
      const before = await auditOf('?limit=100');
      const victim = await signUpAndSignIn(t.app, t.database, 'stays@example.com');
      // The row is locked and the address compared inside the transaction; the refusal rolls everything back.
      expect((await as(admin, 'DELETE', `/api/admin/users/${victim.uid}`, { confirmEmail: 'wrong@example.com' })).statusCode).toBe(400);
      expect(await auditOf('?limit=100')).toEqual(before);
      expect(await t.database.db.select().from(users).where(eq(users.id, victim.uid))).toHaveLength(1);
    });
  });

  describe('diagnostics', () => {
    it('checks the database, migrations, cache, mail, F1DB and the feeds', async () => {
      const diagnostics = diagnosticsResponse.parse((await as(admin, 'GET', '/api/admin/diagnostics')).json());
      expect(diagnostics.database).toMatchObject({ kind: t.database.kind });
      expect(diagnostics.database.migrationsApplied).toBe(diagnostics.database.migrationsKnown);
      expect(diagnostics.database.migrationsKnown).toBeGreaterThan(0);
      expect(diagnostics.cache.kind).toBe('memory');
      expect(diagnostics.mail).toMatchObject({ kind: 'outbox' });
      expect(diagnostics.f1db.version).toMatch(/^v\d+\.\d+\.\d+$/);
      const byName = Object.fromEntries(diagnostics.checks.map((check) => [check.name.split(' (')[0], check]));
      expect(byName.Database).toMatchObject({ ok: true });
      expect(byName.Database?.latencyMs).toBeGreaterThanOrEqual(0);
      expect(byName.Migrations).toMatchObject({ ok: true });
      expect(byName.Cache).toMatchObject({ ok: true, detail: 'A value set was read back' });
      expect(byName['F1DB source']).toMatchObject({ ok: true });
      expect(byName['News feed formula1']).toMatchObject({ ok: true });
    });

    it('says when the F1DB tree is missing', async () => {
      const broken = await buildTestApp({ config: { f1dbDir: '/no/such/f1db' } });
      try {
        const boss = await signUpAndSignIn(broken.app, broken.database, 'boss@example.com');
        await grantAdmin(broken.database.db, boss.email);
        const response = await broken.app.inject({ method: 'GET', url: '/api/admin/diagnostics', headers: boss.auth });
        const diagnostics = diagnosticsResponse.parse(response.json());
        expect(diagnostics.f1db.version).toBeNull();
        expect(diagnostics.checks.find((check) => check.name === 'F1DB source')).toMatchObject({ ok: false });
      } finally {
        await broken.close();
      }
    });

    it('sends a test mail to the admin, or to an address given, and logs it', async () => {
      const mine = await as(admin, 'POST', '/api/admin/diagnostics/test-mail', {});
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ to: admin.email, transport: 'outbox' });
      const other = await as(admin, 'POST', '/api/admin/diagnostics/test-mail', { to: 'Ops@Example.com' });
      expect(other.json().to).toBe('ops@example.com');
      const sent = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Slipstream test mail'));
      expect(sent.map((mail) => mail.recipient).sort()).toEqual(['boss@example.com', 'ops@example.com']);
      expect((await auditOf('?action=mail.test')).map((entry) => entry.targetId)).toEqual(['ops@example.com', admin.email]);
    });
  });
});
