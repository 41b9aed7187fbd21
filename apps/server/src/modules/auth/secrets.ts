import crypto from 'node:crypto';

/** A fresh random secret for cookies and mailed links: 256 bits, URL-safe. */
export function randomSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret: its SHA-256, so a leaked table grants nothing. */
export function secretHash(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}
