import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app';

/** The built web app as the server hands it out: caching per kind of file, the service worker, the manifest. */
describe('the web app files', () => {
  let site: TestApp;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-web-'));
    fs.mkdirSync(path.join(webDistDir, 'assets'));
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Slipstream</title>');
    fs.writeFileSync(path.join(webDistDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(webDistDir, 'manifest.webmanifest'), '{"name":"Slipstream"}');
    fs.writeFileSync(path.join(webDistDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    site = await buildTestApp({ config: { webDistDir } });
  });

  afterAll(async () => {
    await site.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it('serves the service worker from the root, revalidated on every load, as JavaScript', async () => {
    const worker = await site.app.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  });

  it('lets the page register a worker and read a manifest of its own origin only', async () => {
    const policy = String((await site.app.inject('/')).headers['content-security-policy']);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });

  it('serves the manifest with its media type, hashed assets for a year, pages always revalidated', async () => {
    const manifest = await site.app.inject('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('public, max-age=300');
    expect((await site.app.inject('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await site.app.inject('/schedule')).headers['cache-control']).toBe('no-cache');
  });
});
