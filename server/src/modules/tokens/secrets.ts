import { createHash, randomBytes } from 'node:crypto';

/** Recognisable prefix of personal access tokens, so secret scanners can spot leaked ones. */
export const TOKEN_PREFIX = 'crp_';

/** How many leading characters of a token are kept for the masked listing (`crp_***`). */
export const TOKEN_DISPLAY_CHARS = 4;

/** A new personal access token secret: the prefix and 32 random bytes, base64url. */
export function generateTokenSecret(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a secret: SHA-256, hex. Secrets have 256 bits of entropy, so no salt is needed. */
export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** How many trailing characters are kept, so owners can tell tokens apart (as crates.io does). */
export const TOKEN_LAST_CHARS = 4;

/**
 * How a token appears in lists: its first characters, `***`, then its last four when known
 * (`crp_***a1B2`); tokens made before the last four were kept show `crp_***`.
 */
export function maskToken(prefix: string, lastFour: string | null): string {
  return `${prefix.slice(0, TOKEN_DISPLAY_CHARS)}***${lastFour ?? ''}`;
}
