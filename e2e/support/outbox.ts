import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Undoes quoted-printable soft line breaks and `=XX` escapes (enough to read a link). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `to` in the registry's outbox and returns the first link matching `pattern`. */
export async function linkFromOutbox(
  dataDir: string,
  to: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      // No mail yet.
    }
    for (const file of files.sort().reverse()) {
      const text = decodeQuotedPrintable(readFileSync(path.join(dir, file), 'utf8'));
      if (!text.includes(to)) continue;
      const match = pattern.exec(text);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with a link matching ${pattern} within ${timeoutMs} ms`);
}
