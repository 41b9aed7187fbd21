import { and, eq, isNull } from 'drizzle-orm';
import type { AuthActionMode } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { actionCodes } from '../../db/schema';
import { accountError } from './errors';
import { randomSecret, secretHash } from './secrets';

/** The oobCode of a mailed /auth-action link: single-use, stored hashed, with a lifetime per purpose. */

const HOUR = 60 * 60 * 1000;
export const ACTION_CODE_LIFETIME_MS: Record<AuthActionMode, number> = {
  verifyEmail: 24 * HOUR,
  resetPassword: HOUR,
};

export function actionLink(publicUrl: string, mode: AuthActionMode, code: string): string {
  const url = new URL('/auth-action', publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', code);
  return url.toString();
}

/** A new code for the user; earlier unused codes for the same purpose stop working, so only the latest mail counts. */
export async function issueActionCode(db: Db, userId: string, purpose: AuthActionMode): Promise<string> {
  const code = randomSecret();
  await db.transaction(async (tx) => {
    await tx
      .update(actionCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(actionCodes.userId, userId), eq(actionCodes.purpose, purpose), isNull(actionCodes.usedAt)));
    await tx.insert(actionCodes).values({
      codeHash: secretHash(code),
      userId,
      purpose,
      expiresAt: new Date(Date.now() + ACTION_CODE_LIFETIME_MS[purpose]),
    });
  });
  return code;
}

/** The user a still-valid code belongs to, without using it up; refuses unknown, used and expired codes. */
export async function peekActionCode(db: Db, code: string, purpose: AuthActionMode): Promise<string> {
  const [row] = await db
    .select({ userId: actionCodes.userId, usedAt: actionCodes.usedAt, expiresAt: actionCodes.expiresAt })
    .from(actionCodes)
    .where(and(eq(actionCodes.codeHash, secretHash(code)), eq(actionCodes.purpose, purpose)));
  if (!row || row.usedAt) throw accountError(400, 'auth/invalid-action-code');
  if (row.expiresAt.getTime() <= Date.now()) throw accountError(400, 'auth/expired-action-code');
  return row.userId;
}

/** Uses the code up (inside the caller's transaction) and returns its user; a code works once. */
export async function consumeActionCode(db: Db, code: string, purpose: AuthActionMode): Promise<string> {
  const userId = await peekActionCode(db, code, purpose);
  const claimed = await db
    .update(actionCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(actionCodes.codeHash, secretHash(code)), isNull(actionCodes.usedAt)))
    .returning({ userId: actionCodes.userId });
  if (claimed.length === 0) throw accountError(400, 'auth/invalid-action-code');
  return userId;
}
