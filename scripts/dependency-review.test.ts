import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The offline dependency review of `npm test` (lockfile-lint with the policy in .lockfile-lintrc.json): the lockfile
 * passes, and one tampered the ways a lockfile-injection attack would is refused. See docs/deploy.md for why known
 * vulnerable versions cannot be looked up here.
 */
const root = path.resolve(import.meta.dirname, '..');

function review(lockfile?: string) {
  const args = ['lockfile-lint', ...(lockfile ? ['--path', lockfile] : [])];
  const result = spawnSync('npx', args, { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, output: result.stdout + result.stderr };
}

function tampered(change: (packages: Record<string, Record<string, unknown>>) => void): string {
  const lockfile = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, Record<string, unknown>> };
  change(lockfile.packages);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-lockfile-')), 'package-lock.json');
  fs.writeFileSync(file, JSON.stringify(lockfile));
  return file;
}

describe('the dependency review', () => {
  it('passes the lockfile', () => {
    expect(review()).toMatchObject({ status: 0 });
  });

  it('refuses a package fetched from another host, over plain HTTP, with a weak integrity hash, or under another name', () => {
    const cases: [(packages: Record<string, Record<string, unknown>>) => void, RegExp][] = [
      [(packages) => void (packages['node_modules/debug']!.resolved = 'https://evil.example/debug/-/debug-4.4.3.tgz'), /invalid host\(s\) for package: debug@/],
      [(packages) => void (packages['node_modules/debug']!.resolved = 'http://registry.npmjs.org/debug/-/debug-4.4.3.tgz'), /invalid protocol for package: debug@/],
      [(packages) => void (packages['node_modules/debug']!.integrity = 'sha1-b0aa31c1cd92953676'), /invalid integrity hash type for package: debug@/],
      [(packages) => void (packages['node_modules/debug']!.resolved = 'https://registry.npmjs.org/debugg/-/debugg-4.4.3.tgz'), /resolved URL for package with a different name: debug/],
    ];
    for (const [change, message] of cases) {
      const result = review(tampered(change));
      expect(result.status, result.output).toBe(1);
      expect(result.output).toMatch(message);
    }
  });
});
