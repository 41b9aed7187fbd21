import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { fakeWebBuild } from './web-build';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

it('the web page has no inline script, so the CSP needs no unsafe-inline', () => {
  const page = fs.readFileSync(path.join(repoRoot, 'apps/web/index.html'), 'utf8');
  const scripts = page.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toMatch(/^<script\b[^>]*\bsrc="\/[^"]+"[^>]*><\/script>$/);
  expect(page).not.toMatch(/\son[a-z]+=/i);
});

describe.each([
  { env: 'development' as const, hsts: false },
  { env: 'production' as const, hsts: true },
])('security headers in $env', ({ env, hsts }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { env, publicUrl: 'https://slipstream.example', webDistDir: fakeWebBuild() } });
  });
  afterAll(() => t.close());

  it.each(['/', '/schedule', '/api/time', '/api/nothing-here', '/assets/app.js'])('are on %s', async (url) => {
    const response = await t.app.inject(url);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(env === 'production');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    if (hsts) {
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
    } else {
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

});
