import { createHash, randomBytes } from 'node:crypto';

/** A secret for a cookie or a link: 32 random bytes as base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the secret: a stolen database then holds no usable
 * session or reset link. SHA-256 suffices because the secret is random, not a password.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
