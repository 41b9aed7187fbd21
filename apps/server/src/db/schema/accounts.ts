import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Accounts, sessions and profiles. Secrets (passwords, refresh tokens, mailed codes) are stored only as
 * hashes. Deleting a user deletes every row tied to it (cascades).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased at the API boundary, so equality is the uniqueness rule. */
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** argon2id PHC string; null for accounts that only sign in with Google or GitHub. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    displayName: text('display_name'),
    /**
     * The display name's confusable skeleton (Unicode TR39, auth/display-names.ts): unique, so no account can take
     * a name that looks like another's. Null without a display name.
     */
    displayNameSkeleton: text('display_name_skeleton'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    nickname: text('nickname'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    /** /uploads/... for a photo we store, or the provider's https URL for a first-time OAuth user. */
    photoUrl: text('photo_url'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email').on(t.email),
    uniqueIndex('users_display_name_skeleton').on(t.displayNameSkeleton),
    check('users_role', sql`${t.role} in ('user', 'admin')`),
  ],
);

/** A Google or GitHub account linked to a user; the provider's subject id is what identifies it. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider', { enum: ['google', 'github'] }).notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('oauth_accounts_user').on(t.userId)],
);

/**
 * One signed-in session: a family of refresh tokens, each replacing the one before. Revoking the family
 * (sign-out, reuse of an old token, password reset) ends the session and its access tokens.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** SHA-256 of the cookie value, hex. */
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged for its successor; presenting it again is reuse. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session').on(t.sessionId)],
);

/** Single-use codes mailed in /auth-action links (the oobCode), stored as SHA-256 hashes. */
export const actionCodes = pgTable(
  'action_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verifyEmail', 'resetPassword'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('action_codes_user').on(t.userId, t.purpose)],
);

/**
 * A user's favourite driver and team as F1DB ids ("max-verstappen", "mclaren"). No foreign keys: the
 * F1DB import rewrites those tables, and a favourite must survive it.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    driverId: text('driver_id'),
    constructorId: text('constructor_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('favourites_driver').on(t.driverId), index('favourites_constructor').on(t.constructorId)],
);

/** The development outbox: every mail the server would have sent, when SMTP_URL is unset. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  link: text('link'),
  createdAt: createdAt(),
});
