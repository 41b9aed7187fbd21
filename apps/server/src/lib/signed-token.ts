import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short tokens the server signs and later reads back: a few fields and an HMAC under a key of their own, derived
 * from SESSION_SECRET and the purpose, so a token for one purpose can never stand in for another. Nothing is stored
 * per token, and any instance can read one.
 */
export type TokenSigner = {
  sign(fields: (string | number)[]): string;
  /** The fields, or null when the token was not signed with this secret for this purpose. */
  read(token: string): string[] | null;
};

export function tokenSigner(secret: string, purpose: string): TokenSigner {
  const key = createHmac('sha256', secret).update(`slipstream:${purpose}`).digest();
  const signature = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);
  return {
    sign(fields) {
      const payload = Buffer.from(fields.join('.')).toString('base64url');
      return `${payload}.${signature(payload).toString('base64url')}`;
    },
    read(token) {
      const [payload, mac, ...rest] = token.split('.');
      if (!payload || !mac || rest.length > 0) return null;
      const given = Buffer.from(mac, 'base64url');
      const expected = signature(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Buffer.from(payload, 'base64url').toString().split('.');
    },
  };
}
