import { randomBytes } from 'node:crypto';
import { SHARE_TOKEN_PATTERN } from '@verbatim/contract/share';

/** A new unguessable share token: 256 bits from the CSPRNG, base64url. */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Cheap format check before any database read: malformed tokens never touch Firestore. */
export function isWellFormedToken(token: string): boolean {
  return SHARE_TOKEN_PATTERN.test(token);
}
