import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The RFC 6238 code (SHA-1, 6 digits, 30 s) an authenticator app shows for a base32 secret. */
export function totp(secret: string, now = Date.now()): string {
  let bits = '';
  for (const ch of secret.replace(/[\s=]+/g, '').toUpperCase()) bits += BASE32.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A 6-digit code that is surely not the current one. */
export function wrongCode(secret: string): string {
  return String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
}

/**
 * A code valid now that differs from the one used at `usedAt` (each code works once): the
 * current step's, or, still in the same step, the next step's (accepted one step early).
 */
export function unusedCode(secret: string, usedAt: number): string {
  const now = Date.now();
  const sameStep = Math.floor(now / 30_000) === Math.floor(usedAt / 30_000);
  return totp(secret, sameStep ? now + 30_000 : now);
}
