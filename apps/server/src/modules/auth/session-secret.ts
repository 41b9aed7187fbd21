import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { randomSecret } from './secrets';

export const SESSION_SECRET_FILE = 'session-secret';

/**
 * SESSION_SECRET, or in development one generated on first start and kept under DATA_DIR, so sessions
 * survive a restart without any setup. Production refuses to start without the variable (config.ts).
 */
export async function withSessionSecret(config: Config): Promise<Config> {
  if (config.sessionSecret) return config;
  const file = path.join(config.dataDir, SESSION_SECRET_FILE);
  await fs.mkdir(config.dataDir, { recursive: true });
  try {
    await fs.writeFile(file, `${randomSecret()}${randomSecret()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const sessionSecret = (await fs.readFile(file, 'utf8')).trim();
  if (sessionSecret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters: delete it to get a new one`);
  return { ...config, sessionSecret };
}
