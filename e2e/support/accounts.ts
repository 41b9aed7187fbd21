import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect } from './test';
import { edgePorts, type GitHubIdentity, type GoogleIdentity, type ReceivedMail } from './edge-contract';

/** Helpers for the accounts tests: unique users, the mailbox, the identity providers, logging in. */

const edge = edgePorts(Number(process.env.E2E_PORT ?? 3100));
const controlUrl = `http://127.0.0.1:${edge.control}`;

export const PASSWORD = 'Grid-walk-2025';

/**
 * Every test comes from a client address of its own (the site trusts X-Forwarded-For, as behind a proxy),
 * so the per-address rate limits of sign-up and sign-in never count one test's requests against another's.
 */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => {
    const group = () => crypto.randomBytes(2).toString('hex');
    await use({ 'x-forwarded-for': `2001:db8:${group()}:${group()}::${group()}` });
  },
});
export { expect };

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}@example.com`;
}

/**
 * A display name of this run's own: no two accounts may have display names that look alike, and the end-to-end
 * database keeps the accounts of earlier runs.
 */
export function uniqueName(name: string): string {
  return `${name} ${crypto.randomBytes(3).toString('hex')}`;
}

export type User = { email: string; password: string };

async function mailsTo(email: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${controlUrl}/mails?to=${encodeURIComponent(email)}`);
  return (await response.json()) as ReceivedMail[];
}

/** The link of the newest mail to this address whose subject matches, once it has arrived. */
export async function mailedLink(email: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(email)).filter((entry) => subject.test(entry.subject)).at(-1);
        link = mail && /(https?:\/\/\S+\/auth-action\?mode=\w+&oobCode=[\w-]+)/.exec(mail.text)?.[1];
        return link;
      },
      { message: `a mail to ${email} with a subject like ${subject}` },
    )
    .toBeTruthy();
  return link!;
}

export async function mailCount(email: string): Promise<number> {
  return (await mailsTo(email)).length;
}

/** Signs up through the API and confirms through the mailed link, as a person would with their mail client. */
export async function confirmedUser(request: APIRequestContext, tag: string): Promise<User> {
  const user = { email: uniqueEmail(tag), password: PASSWORD };
  const signUp = await request.post('/api/auth/sign-up', { data: user });
  expect(signUp.status()).toBe(201);
  const oobCode = new URL(await mailedLink(user.email, /Confirm/)).searchParams.get('oobCode');
  expect((await request.post('/api/auth/verify-email', { data: { oobCode } })).ok()).toBe(true);
  return user;
}

export async function logIn(page: Page, user: User) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

export async function setGoogleIdentity(identity: GoogleIdentity) {
  const response = await fetch(`${controlUrl}/identity/google`, { method: 'PUT', body: JSON.stringify(identity) });
  expect(response.status).toBe(204);
}

export async function setGitHubIdentity(identity: GitHubIdentity) {
  const response = await fetch(`${controlUrl}/identity/github`, { method: 'PUT', body: JSON.stringify(identity) });
  expect(response.status).toBe(204);
}

/** The Google stand-in's authorize page, to hold or fail in a test. */
export const googleAuthorizeUrl = new RegExp(`^http://127\\.0\\.0\\.1:${edge.google}/authorize`);

/** The alerts a page shows, accepted as a person would. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    // The page may already be navigating away (a goto right after the alert); nothing is left to accept then.
    dialog.accept().catch(() => {});
  });
  return messages;
}

/**
 * Where the page really is. An alert shown while a page loads can hide the app's own history change that
 * follows it from Playwright's URL tracking (page.url(), toHaveURL), so the guards' tests ask the page.
 */
export async function expectPath(page: Page, pathname: string) {
  await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe(pathname);
}

/** A small, real PNG (solid orange), for the photo upload. */
export function orangePng(size = 64): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0xff, 0x87, 0x00]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * How long the dashboard's full re-import of F1DB may take, and a test that runs one: 15 s on its own, 2-3 minutes
 * while the four shards of `npm test` keep both cores busy.
 */
export const REIMPORT_MS = 240_000;
export const REIMPORT_TEST_MS = REIMPORT_MS + 60_000;
