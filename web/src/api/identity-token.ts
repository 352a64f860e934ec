import { readStorage, storageKeys, writeStorage } from '../lib/storage-keys';

/** An identity token with its expiry. */
export interface IdentityToken {
  token: string;
  expiresAt: number;
}

/** Refresh this long before a token expires. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/** Milliseconds until a token should be refreshed (0 when it is already due). */
export function refreshDelay(expiresAt: number, now: number = Date.now()): number {
  return Math.max(0, expiresAt - REFRESH_MARGIN_MS - now);
}

/** Whether a token is usable without refreshing first. */
export function isFresh(token: IdentityToken | null, now: number = Date.now()): token is IdentityToken {
  return token !== null && refreshDelay(token.expiresAt, now) > 0;
}

let current: IdentityToken | null = null;
const listeners = new Set<() => void>();

/** The stored token: in memory, else from session storage (survives a reload of the tab). */
export function storedIdentityToken(): IdentityToken | null {
  if (current) return current;
  const token = readStorage('session', storageKeys.idToken);
  if (!token) return null;
  const expiresAt = Date.parse(readStorage('session', storageKeys.idTokenExpiresAt) ?? '');
  return { token, expiresAt: Number.isNaN(expiresAt) ? 0 : expiresAt };
}

/** Keeps a new token in memory and in session storage under `idToken`; null forgets it. */
export function setIdentityToken(token: IdentityToken | null): void {
  current = token;
  writeStorage('session', storageKeys.idToken, token?.token ?? null);
  writeStorage('session', storageKeys.idTokenExpiresAt, token ? new Date(token.expiresAt).toISOString() : null);
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the token changes. */
export function subscribeIdentityToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
