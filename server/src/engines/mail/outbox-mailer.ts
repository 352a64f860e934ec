import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailLogger, MailMessage } from './mailer.js';

/**
 * Writes each message as an RFC 5322 `.eml` file (any mail client opens it) into a folder, for
 * installations without SMTP: the operator can still hand a reset link to a user. Files are
 * readable by the owner only, since they carry sign-in links.
 */
export class OutboxMailer implements Mailer {
  readonly #composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly log: MailLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.#composer.sendMail({ from: this.from, ...message });
    const raw = info.message;
    if (!Buffer.isBuffer(raw)) throw new Error('mail composer did not return the message');
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Time first, so the folder lists in sending order; the random part keeps names unique.
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(this.dir, name);
    await writeFile(file, raw, { mode: 0o600 });
    this.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox (no SMTP_URL set)');
  }
}
