import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** File inside DATA_DIR that keeps the generated secret when AUTH_SECRET is unset. */
export const SECRET_FILE = 'auth-secret';

/**
 * The secret that signs session cookies and e-mail links: AUTH_SECRET when set, otherwise one
 * generated on first start and kept in `DATA_DIR/auth-secret` (owner-readable only), so
 * `npm start` works with no configuration and sessions survive restarts. Instances that do not
 * share DATA_DIR must all be given the same AUTH_SECRET.
 */
export function resolveAuthSecret(
  configured: string | undefined,
  dataDir: string,
): { secret: string; generated: boolean } {
  if (configured) return { secret: configured, generated: false };
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return { secret: existing, generated: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // `wx` fails when another process created the file meanwhile; its secret then wins.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { secret, generated: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { secret: readFileSync(file, 'utf8').trim(), generated: false };
  }
}
