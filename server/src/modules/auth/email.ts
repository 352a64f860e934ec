/**
 * How the registry compares e-mail addresses. An address is folded with Unicode NFKC (so
 * full-width and other compatibility forms become their plain letters), trimmed and
 * lower-cased; the result must then be a plain ASCII address. Look-alike letters from other
 * scripts (Cyrillic `а` for Latin `a`) and invisible characters therefore never make a second
 * account for the "same" address: they are refused as invalid. Internationalised domains are
 * accepted in their `xn--` form.
 */

/** Longest address accepted (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

// The same shape better-auth accepts, so an address we pass on is never refused there.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([a-z0-9_'+\-.]*)[a-z0-9_+-]@([a-z0-9][a-z0-9-]*\.)+[a-z]{2,}$/;

/** The canonical form of an address, or null when it is not a valid address. */
export function normalizeEmail(raw: string): string | null {
  const folded = raw.normalize('NFKC').trim().toLowerCase();
  if (folded.length === 0 || folded.length > EMAIL_MAX_LENGTH) return null;
  return EMAIL_PATTERN.test(folded) ? folded : null;
}

/** Parses a comma-separated list of addresses (ADMIN_EMAILS); invalid entries are dropped. */
export function parseEmailList(list: string): Set<string> {
  const out = new Set<string>();
  for (const part of list.split(',')) {
    const email = normalizeEmail(part);
    if (email) out.add(email);
  }
  return out;
}
