import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** One message read back from the outbox folder. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The first link in the text. */
  link: string | null;
}

/** Parses an `.eml` file the outbox mailer wrote (single text part, quoted-printable or plain). */
export function parseEml(raw: string, file = ''): OutboxMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  let body = rest.join('\n\n');
  if ((headers.get('content-transfer-encoding') ?? '').toLowerCase() === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return {
    file,
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    text: body,
    link: /https?:\/\/\S+/.exec(body)?.[0] ?? null,
  };
}

/** Every message in the folder, oldest first. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (n) => parseEml(await readFile(path.join(dir, n), 'utf8'), path.join(dir, n))));
}

/**
 * Waits (mail is sent off the request's path) for the `nth` message to an address whose
 * subject matches, and returns it.
 */
export async function waitForMail(dir: string, to: string, subject: RegExp, nth = 1): Promise<OutboxMail> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = (await readOutbox(dir)).filter((m) => m.to.includes(to) && subject.test(m.subject));
    const mail = found[nth - 1];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${to} matching ${subject} in ${dir}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The token query parameter of a link. */
export function tokenOf(link: string | null): string {
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
