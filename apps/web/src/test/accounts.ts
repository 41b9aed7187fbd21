import type { AuthUser, PasswordPolicy, Profile, SessionResponse } from '@slipstream/contract';
import type { SessionSource } from '../lib/auth';
import { createAccountSession } from '../features/account/accountSession';
import { createSessionManager } from '../lib/session';
import { json } from './api';

/** Accounts in component tests: a real account session over mocked API answers. */

export const testAccount: AuthUser = {
  uid: '3b7e4b1c-5d2a-4c8e-9f10-2a3b4c5d6e7f',
  email: 'ana@example.com',
  emailVerified: true,
  displayName: 'Ana Pop',
  photoURL: null,
  role: 'user',
  providers: ['password'],
  createdAt: '2025-01-01T00:00:00.000Z',
};

export function testProfile(changes: Partial<Profile> = {}): Profile {
  return {
    uid: testAccount.uid,
    profilePhoto: null,
    displayName: testAccount.displayName,
    firstName: null,
    lastName: null,
    nickname: null,
    country: null,
    favourites: { favDriver: null, favTeam: null },
    ...changes,
  };
}

export function sessionAnswer(account: AuthUser = testAccount): SessionResponse {
  return { accessToken: 'token-1', tokenType: 'Bearer', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), expiresIn: 3600, user: account };
}

const notSignedIn = () => json({ code: 'auth/unauthenticated', message: 'User is not authenticated' }, 401);

/** API answers for a visitor nobody is signed in as. */
export const anonymousApi = { '/api/auth/refresh': notSignedIn };

/** API answers for a signed-in visitor (the refresh cookie holds a session) with this profile. */
export function signedInApi(profile: Profile = testProfile()) {
  return {
    '/api/auth/refresh': () => json(sessionAnswer()),
    [`/api/profile/${testAccount.uid}`]: () => json({ data: profile }),
  };
}

export const testPolicy: PasswordPolicy = {
  minLength: 8,
  maxLength: 128,
  commonPasswords: ['password', 'password123', '12345678'],
  commonPasswordsSource: 'test',
};

/** A visitor signed in as the test account from the first render, with these favourites (F1DB ids), if any. */
export function signedInSession({ favDriver = null, favTeam = null }: { favDriver?: string | null; favTeam?: string | null } = {}): SessionSource {
  const user = { uid: testAccount.uid, email: testAccount.email, displayName: testAccount.displayName, photoUrl: null, role: testAccount.role, favourites: { favDriver, favTeam } };
  return { restore: async () => user, signOut: async () => {} };
}

/** A fresh account session, as the app's start (app/start.tsx) makes one (refreshes serialised within the test only). */
export function testAccountSession() {
  return createAccountSession(createSessionManager({ serialise: (task) => task() }));
}
