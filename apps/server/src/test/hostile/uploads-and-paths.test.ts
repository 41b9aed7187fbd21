import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse } from '@slipstream/contract';
import { signUpAndSignIn, type SignedInUser } from '../accounts';
import { buildTestApp, type TestApp } from '../app';
import { fakeWebBuild } from './web-build';

/** Upload checks, body size limits and path traversal on the static and upload paths. */

function multipart(filename: string, type: string, data: Buffer) {
  const boundary = '----hostile-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 90, b: 200 } } }).png().toBuffer();

/** A small, valid PNG whose header claims other dimensions (its IHDR rewritten, checksum fixed): a pixel bomb. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngOf(1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

const SENTINEL = 'sentinel-that-must-never-be-served';

describe('uploads, body limits and paths', () => {
  let t: TestApp;
  let user: SignedInUser;
  let baseUrl: string;

  beforeAll(async () => {
    const webDistDir = fakeWebBuild();
    t = await buildTestApp({ config: { webDistDir } });
    // Files just outside the two static roots, where a traversal would land.
    fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), SENTINEL);
    fs.writeFileSync(path.join(path.dirname(webDistDir), `secret-${path.basename(webDistDir)}.txt`), SENTINEL);
    user = await signUpAndSignIn(t.app, t.database, 'uploader@example.com');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const upload = (body: ReturnType<typeof multipart>) =>
    t.app.inject({ method: 'PUT', url: `/api/profile/${user.uid}/photo`, payload: body.payload, headers: { ...user.auth, ...body.headers } });

  it('takes a PNG named .jpg (the content decides) and stores it re-encoded as WebP', async () => {
    const response = await upload(multipart('holiday.jpg', 'image/jpeg', await pngOf(64, 48)));
    expect(response.statusCode).toBe(200);
    const url = response.json<ProfileResponse>().data.profilePhoto!;
    expect(url).toMatch(/\.webp$/);
    expect(await sharp((await t.app.inject(url)).rawPayload).metadata()).toMatchObject({ format: 'webp', width: 48, height: 48 });
  });

  it('refuses text named .png, HTML named .jpg, and an SVG (script-capable) whatever it is called', async () => {
    const cases = [
      multipart('photo.png', 'image/png', Buffer.from('just some text')),
      multipart('photo.jpg', 'image/jpeg', Buffer.from('<html><script>alert(1)</script></html>')),
      multipart('photo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
      multipart('photo.png', 'image/png', Buffer.alloc(0)),
    ];
    for (const body of cases) {
      const response = await upload(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'profile/unsupported-image', message: expect.any(String) });
    }
  });

  it('refuses an image whose header claims enormous dimensions, without decoding it', async () => {
    for (const [width, height] of [[100_000, 100_000], [2_000_000_000, 1], [0, 10]] as const) {
      const response = await upload(multipart('bomb.png', 'image/png', await pngClaiming(width, height)));
      expect(response.statusCode, `${width}x${height}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'profile/unsupported-image' });
    }
  });

  it('answers 413 with a JSON message to an oversized photo and an oversized JSON body', async () => {
    const photo = await upload(multipart('huge.png', 'image/png', Buffer.alloc(10 * 1024 * 1024 + 1, 7)));
    expect(photo.statusCode).toBe(413);
    expect(photo.json()).toMatchObject({ message: expect.any(String) });

    const huge = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    for (const [method, url] of [['POST', '/api/auth/sign-in'], ['PATCH', `/api/profile/${user.uid}`], ['POST', '/api/vote']] as const) {
      const response = await t.app.inject({ method, url, payload: huge, headers: { ...user.auth, 'content-type': 'application/json', 'x-requested-with': 'fetch' } });
      expect(response.statusCode, url).toBe(413);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof response.json().message).toBe('string');
    }
  });

  /** A raw request over a socket: the path goes out exactly as written (inject would normalise the dots). */
  function rawGet(rawPath: string): Promise<{ status: number; type: string; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${baseUrl}/`, { path: rawPath }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }));
      });
      request.on('error', reject);
      request.end();
    });
  }

  it.each([
    '/uploads/../secret.txt',
    '/uploads/../../../../etc/passwd',
    '/uploads/%2e%2e/secret.txt',
    '/uploads/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/uploads/..%2fsecret.txt',
    '/uploads/photos/..%2f..%2fsecret.txt',
    '/uploads/photos/..%5c..%5csecret.txt',
    '/uploads/%252e%252e/secret.txt',
    '/uploads/photos/%00.webp',
    '/uploads/%c0%ae%c0%ae/secret.txt',
    '/uploads/',
  ])('never serves a file outside the uploads folder: %s', async (rawPath) => {
    const response = await rawGet(rawPath);
    expect(response.body).not.toContain(SENTINEL);
    expect(response.body).not.toMatch(/root:.*:0:0:/);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.type).toMatch(/^application\/json/);
    expect(typeof JSON.parse(response.body).message).toBe('string');
  });

  it.each([
    '/assets/..%2f..%2fsecret.txt',
    '/assets/../../secret.txt',
    '/assets/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2fsecret.txt',
    '/assets/%5c..%5c..%5csecret.txt',
  ])('never serves a file outside the web build: %s', async (rawPath) => {
    const response = await rawGet(rawPath);
    expect(response.body).not.toContain(SENTINEL);
    expect(response.body).not.toMatch(/root:.*:0:0:/);
    expect(response.status).toBeLessThan(500);
    // Either refused, or the app's own page (history-mode routing), never another file.
    if (response.status === 200) expect(response.body).toContain('<title>Slipstream</title>');
  });
});
