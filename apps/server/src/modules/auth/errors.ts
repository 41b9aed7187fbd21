import { accountErrorMessages, type AccountErrorCode } from '@slipstream/contract';
import { HttpError } from '../../lib/errors';

/** An accounts refusal: the status, the stable code and the catalogue's message (or a more precise one). */
export function accountError(status: number, code: AccountErrorCode, message: string = accountErrorMessages[code], headers?: Record<string, string>) {
  return new HttpError(status, message, { code, headers });
}
