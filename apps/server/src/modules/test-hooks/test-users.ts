import type { SignUpRequest, TestUserResponse } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { accountError } from '../auth/errors';
import { hashPassword } from '../auth/passwords';
import { isUniqueViolation } from '../auth/users';
import { displayNameColumns, displayNameTaken } from '../auth/display-names';

/** A test hook: an account with a password whose address counts as confirmed, as if its mailed link was opened. */
export async function createConfirmedUser(db: Db, input: SignUpRequest): Promise<TestUserResponse> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ email: input.email, passwordHash, ...displayNameColumns(input.displayName ?? null), emailVerifiedAt: new Date() })
      .returning({ uid: users.id, email: users.email });
    return user!;
  } catch (error) {
    throw displayNameTaken(error) ?? (isUniqueViolation(error) ? accountError(409, 'auth/email-already-in-use') : error);
  }
}
