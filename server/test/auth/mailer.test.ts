import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mailer, MailLogger } from '../../src/engines/mail/mailer.js';
import { OutboxMailer } from '../../src/engines/mail/outbox-mailer.js';
import { SmtpMailer } from '../../src/engines/mail/smtp-mailer.js';
import { parseEml, readOutbox } from './support/outbox.js';

const quiet: MailLogger = { info: () => {}, error: () => {} };
const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A minimal SMTP server on 127.0.0.1 that keeps each message it receives. */
async function smtpServer(): Promise<{ url: string; received: string[] }> {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let data = false;
    let message = '';
    socket.write('220 test ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            data = false;
            received.push(message);
            message = '';
            socket.write('250 queued\r\n');
          } else message += `${line.startsWith('..') ? line.slice(1) : line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, received };
}

const message = {
  to: 'ada@example.com',
  subject: 'Reset your Comfy Registry password',
  text: `Hello Ada,\n\nopen https://web.test/auth/reset-password?token=${'t'.repeat(60)} to continue — thanks.\n`,
};

/** Every mailer, with a way to read back the raw messages it delivered. */
const implementations: Array<[string, () => Promise<{ mailer: Mailer; delivered: () => Promise<string[]> }>]> = [
  [
    'outbox',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
      return {
        mailer: new OutboxMailer(dir, 'Registry <no-reply@registry.test>', quiet),
        delivered: async () => (await readOutbox(dir)).map((m) => readFileSync(m.file, 'utf8')),
      };
    },
  ],
  [
    'smtp',
    async () => {
      const smtp = await smtpServer();
      return {
        mailer: new SmtpMailer(smtp.url, 'Registry <no-reply@registry.test>', quiet),
        delivered: async () => smtp.received,
      };
    },
  ],
];

describe.each(implementations)('%s mailer', (_kind, make) => {
  it('delivers the recipient, subject and full text', async () => {
    const { mailer, delivered } = await make();
    await mailer.send(message);
    const items = await delivered();
    expect(items).toHaveLength(1);
    const mail = parseEml(items[0] ?? '');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe(message.subject);
    expect(mail.text.replace(/\r\n/g, '\n').trim()).toBe(message.text.trim());
  });
});

describe('outbox mailer', () => {
  it('writes files only the owner can read, named in sending order', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const logged: Array<Record<string, unknown>> = [];
    const mailer = new OutboxMailer(dir, 'Registry <no-reply@registry.test>', {
      info: (d) => logged.push(d),
      error: () => {},
    });
    await mailer.send({ ...message, subject: 'first' });
    await mailer.send({ ...message, subject: 'second' });
    const mails = await readOutbox(dir);
    expect(mails.map((m) => m.subject)).toEqual(['first', 'second']);
    expect(statSync(mails[0]?.file ?? '').mode & 0o777).toBe(0o600);
    // The log names the file, never the body (it holds the link).
    expect(logged[0]).toEqual({ to: 'ada@example.com', subject: 'first', file: mails[0]?.file });
  });
});
