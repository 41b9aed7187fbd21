import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_FAILURE } from '../../lib/api';
import { AccountFlowError, accountErrorText, fieldOfServerError } from './errors';

/** Each way a sign-in can fail, in words (the brief's list; the contract's accountErrorMessages). */
describe('account error messages', () => {
  it.each([
    [new AccountFlowError('auth/popup-closed-by-user'), 'The sign-in window was closed before signing in finished.'],
    [new AccountFlowError('auth/popup-blocked'), 'The browser blocked the sign-in window. Allow popups for this site and try again.'],
    [new ApiError(0, 'Error', NETWORK_FAILURE), 'The sign-in service could not be reached. Check your connection and try again.'],
    [new AccountFlowError('auth/network-request-failed'), 'The sign-in service could not be reached. Check your connection and try again.'],
    [new ApiError(401, 'Wrong password. Try again, or reset your password.', 'auth/wrong-password'), 'Wrong password. Try again, or reset your password.'],
    [
      new ApiError(409, 'An account already uses this email address. Sign in, or reset your password.', 'auth/email-already-in-use'),
      'An account already uses this email address. Sign in, or reset your password.',
    ],
    [new ApiError(401, 'No account uses this email address. Check it, or sign up.', 'auth/user-not-found'), 'No account uses this email address. Check it, or sign up.'],
    [new ApiError(429, 'Too many attempts. Try again in 4 seconds.', 'auth/too-many-requests'), 'Too many attempts. Try again in 4 seconds.'],
    [new ApiError(401, 'Your session has expired. Please sign in again.', 'auth/token-expired'), 'Your session has expired. Please sign in again.'],
    [new ApiError(400, 'This link has expired. Ask for a new one.', 'auth/expired-action-code'), 'This link has expired. Ask for a new one.'],
    [
      new AccountFlowError('auth/unauthorized-domain'),
      'Google and GitHub sign-in is not set up for this web address. Open the site at its usual address and try again.',
    ],
  ])('%s', (error, text) => {
    expect(accountErrorText(error)).toBe(text);
  });

  it("shows the server's words about a field, and never a bare server failure", () => {
    expect(accountErrorText(new ApiError(400, 'Invalid email: an email address like name@example.com'))).toBe('Invalid email: an email address like name@example.com');
    expect(accountErrorText(new ApiError(500, 'Internal server error'))).toBe('Something went wrong on our side. Try again in a moment.');
    expect(accountErrorText(new ApiError(404, 'Error'))).toBe('Something went wrong on our side. Try again in a moment.');
  });

  it('places a refused field beside that field', () => {
    expect(fieldOfServerError(new ApiError(400, 'Invalid displayName: at least 3 characters'))).toEqual({ field: 'displayName', message: 'At least 3 characters' });
    expect(fieldOfServerError(new ApiError(400, 'Invalid favourites.favDriver: an F1DB id such as max-verstappen'))).toEqual({
      field: 'favDriver',
      message: 'An F1DB id such as max-verstappen',
    });
    expect(fieldOfServerError(new ApiError(409, 'Invalid email: taken'))).toBeUndefined();
  });
});
