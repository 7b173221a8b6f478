import { createHash, randomBytes } from 'node:crypto';

/** A new bearer token: 256 random bits, URL-safe. */
export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored; the token itself exists only in the client. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
