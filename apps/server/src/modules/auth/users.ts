import { eq } from 'drizzle-orm';
import type { AuthUser, SignInMethod } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { oauthAccounts, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** The account as the web sees it: who, how verified, which sign-in methods it has. */
export async function toAuthUser(db: Db, user: UserRow): Promise<AuthUser> {
  const linked = await db.select({ provider: oauthAccounts.provider }).from(oauthAccounts).where(eq(oauthAccounts.userId, user.id));
  const providers: SignInMethod[] = [...(user.passwordHash ? (['password'] as const) : []), ...linked.map(({ provider }) => provider).sort()];
  return {
    uid: user.id,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    displayName: user.displayName,
    photoURL: user.photoUrl,
    role: user.role,
    providers,
    createdAt: user.createdAt.toISOString(),
  };
}

/** True when an insert failed on a unique index (the same on PGlite and PostgreSQL: SQLSTATE 23505). */
/** A unique index refused the row: any, or the one named (PostgreSQL and PGlite both say which). */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return index === undefined || constraint === index;
  }
  return false;
}
