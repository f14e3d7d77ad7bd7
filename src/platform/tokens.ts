import { createHash, randomBytes } from 'node:crypto';

/** A random token of 192 bits, URL-safe. */
/** A token as newToken makes it (32 characters), with room for other lengths: anything else names no row. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Tokens that grant access are stored as their SHA-256, so a database leak opens nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
