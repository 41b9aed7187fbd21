import { accountErrorMessages, type AccountErrorCode } from '@slipstream/contract';
import { ApiError, NETWORK_FAILURE } from '../../lib/api';

/**
 * Failures of the account flows in words people understand. The server's account errors carry a stable code
 * and a human message; the codes the web raises itself (popup closed or blocked, no network) use the same
 * table (contract: accountErrorMessages), so every way of failing reads the same wherever it happens.
 */

export class AccountFlowError extends Error {
  constructor(readonly code: AccountErrorCode) {
    super(accountErrorMessages[code]);
    this.name = 'AccountFlowError';
  }
}

export function isAccountErrorCode(code: unknown): code is AccountErrorCode {
  return typeof code === 'string' && Object.hasOwn(accountErrorMessages, code);
}

/** The code of a failure, when it has one the accounts API knows. */
export function accountErrorCodeOf(error: unknown): AccountErrorCode | undefined {
  if (error instanceof AccountFlowError) return error.code;
  if (error instanceof ApiError && isAccountErrorCode(error.code)) return error.code;
  return undefined;
}

const SERVER_TROUBLE = 'Something went wrong on our side. Try again in a moment.';

/** The sentence to show for a failed account request. */
export function accountErrorText(error: unknown): string {
  if (error instanceof AccountFlowError) return error.message;
  if (error instanceof ApiError) {
    if (error.code === NETWORK_FAILURE) return accountErrorMessages[NETWORK_FAILURE];
    // The server's words: its account messages, or what was wrong with a field ("Invalid email: ...").
    if (isAccountErrorCode(error.code) || (error.status >= 400 && error.status < 500 && error.message !== 'Error')) return error.message;
    return SERVER_TROUBLE;
  }
  console.error(error);
  return SERVER_TROUBLE;
}

/** "Invalid displayName: at least 3 characters" → the field and its problem, to show beside that field. */
export function fieldOfServerError(error: unknown): { field: string; message: string } | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const match = /^Invalid ([\w.]+): (.+)$/.exec(error.message);
  if (!match) return undefined;
  const [, path, message] = match as unknown as [string, string, string];
  return { field: path.split('.').at(-1)!, message: sentence(message) };
}

/** The contract's field messages are fragments ("at least 3 characters"): shown alone, they start with a capital. */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
