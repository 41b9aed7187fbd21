import { asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUsersQuery, AdminUsersResponse, Role } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import type { AuthenticatedUser } from '../auth/guard';
import type { PhotoStorage } from '../profile/storage';
import { recordAudit } from './audit';
import { containing } from './like';

type Actor = Pick<AuthenticatedUser, 'id' | 'email'>;
type UserRow = typeof users.$inferSelect;

export async function listUsers(db: Db, { q, page, pageSize }: AdminUsersQuery): Promise<AdminUsersResponse> {
  const where: SQL | undefined = q ? or(ilike(users.email, containing(q)), ilike(users.displayName, containing(q))) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.email))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toAdminUser), page, pageSize, total: total?.n ?? 0 };
}

export async function changeRole(db: Db, clock: Clock, actor: Actor, id: string, role: Role): Promise<AdminUser> {
  if (id === actor.id && role !== 'admin') {
    throw new HttpError(409, 'You cannot remove your own admin role; another admin has to do it');
  }
  return db.transaction(async (tx) => {
    const user = await existingUser(tx, id);
    if (user.role === role) return toAdminUser(user);
    const [updated] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    await recordAudit(tx, {
      actor,
      at: clock.now(),
      action: 'user.role',
      target: { type: 'user', id },
      before: { email: user.email, role: user.role },
      after: { email: user.email, role },
    });
    return toAdminUser(updated!);
  });
}

/** Deletes an account (its sessions, links and favourites go with it) once the admin typed its address. */
export async function deleteUser(db: Db, storage: PhotoStorage, clock: Clock, actor: Actor, id: string, confirmEmail: string): Promise<void> {
  if (id === actor.id) throw new HttpError(409, 'You cannot delete your own account from the admin tools');
  const deleted = await db.transaction(async (tx) => {
    const user = await existingUser(tx, id);
    if (confirmEmail !== user.email) throw badRequest(`Invalid confirmEmail: type ${user.email} to delete this account`);
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, {
      actor,
      at: clock.now(),
      action: 'user.delete',
      target: { type: 'user', id },
      before: { email: user.email, role: user.role, displayName: user.displayName, createdAt: user.createdAt.toISOString() },
      after: null,
    });
    return user;
  });
  // After the commit: a photo removed for a delete that rolled back could not come back.
  if (deleted.photoUrl) await storage.remove(deleted.photoUrl);
}

async function existingUser(db: Db, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw notFound('No user has this id');
  return user;
}

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
