import fs from 'node:fs';
import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import type { PasswordPolicy } from '@slipstream/contract';

const MIN_LENGTH = 8;
const MAX_LENGTH = 128;
const COMMON_PASSWORD_COUNT = 10_000;

/**
 * The 10,000 most common passwords: the head of the frequency-ranked list that @zxcvbn-ts/language-common
 * ships (src/passwords.json, most common first). Read from the installed package, never copied.
 */
function loadCommonPasswords() {
  const require = createRequire(import.meta.url);
  const listFile = require.resolve('@zxcvbn-ts/language-common/src/passwords.json');
  const { version } = JSON.parse(fs.readFileSync(require.resolve('@zxcvbn-ts/language-common/package.json'), 'utf8')) as { version: string };
  const ranked = JSON.parse(fs.readFileSync(listFile, 'utf8')) as string[];
  return {
    passwords: ranked.slice(0, COMMON_PASSWORD_COUNT).map((password) => password.toLowerCase()),
    source: `The ${COMMON_PASSWORD_COUNT.toLocaleString('en')} most common passwords of the frequency-ranked list in @zxcvbn-ts/language-common ${version}`,
  };
}

let policy: PasswordPolicy | undefined;

/** The policy GET /api/auth/password-policy serves and the server validates with (same contract rules). */
export function passwordPolicy(): PasswordPolicy {
  if (!policy) {
    const common = loadCommonPasswords();
    policy = { minLength: MIN_LENGTH, maxLength: MAX_LENGTH, commonPasswords: common.passwords, commonPasswordsSource: common.source };
  }
  return policy;
}

/** argon2id with the OWASP-recommended cost (19 MiB, 2 passes, 1 lane), as a PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}
