import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { SESSION_SECRET_FILE, withSessionSecret } from './session-secret';

describe('session secret', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('generates one under DATA_DIR on first start in development and keeps it', async () => {
    const dir = dataDir();
    const first = await withSessionSecret(loadConfig({ DATA_DIR: dir }));
    expect(first.sessionSecret!.length).toBeGreaterThanOrEqual(64);
    expect(fs.statSync(path.join(dir, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600);
    const second = await withSessionSecret(loadConfig({ DATA_DIR: dir }));
    expect(second.sessionSecret).toBe(first.sessionSecret);
  });

  it('uses SESSION_SECRET when set, and production requires it', async () => {
    const secret = 'x'.repeat(40);
    const dir = dataDir();
    expect((await withSessionSecret(loadConfig({ DATA_DIR: dir, SESSION_SECRET: secret }))).sessionSecret).toBe(secret);
    expect(fs.existsSync(path.join(dir, SESSION_SECRET_FILE))).toBe(false);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://slipstream.example', SMTP_URL: 'smtps://mail.example' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/SESSION_SECRET: required in production/);
    expect(() => loadConfig({ SESSION_SECRET: 'too short' })).toThrow(/SESSION_SECRET: at least 32 characters/);
  });
});
