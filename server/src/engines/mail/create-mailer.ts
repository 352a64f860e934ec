import path from 'node:path';
import type { Config } from '../../config/index.js';
import type { Mailer, MailLogger } from './mailer.js';
import { OutboxMailer } from './outbox-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** The outbox folder: MAIL_OUTBOX_DIR, or `outbox` inside DATA_DIR. */
export function outboxDir(config: Config): string {
  return config.mail.MAIL_OUTBOX_DIR ?? path.join(config.database.DATA_DIR, 'outbox');
}

/** SMTP when SMTP_URL is set, otherwise the outbox folder. */
export function createMailer(config: Config, log: MailLogger): Mailer {
  const { SMTP_URL, MAIL_FROM } = config.mail;
  if (SMTP_URL) return new SmtpMailer(SMTP_URL, MAIL_FROM, log);
  return new OutboxMailer(outboxDir(config), MAIL_FROM, log);
}
