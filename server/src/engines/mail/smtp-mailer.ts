import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailLogger, MailMessage } from './mailer.js';

/** Sends through an SMTP server given as a URL (`smtp://` or `smtps://`, credentials inside). */
export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: MailLogger,
  ) {
    this.#transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.#transport.sendMail({ from: this.from, ...message });
    this.log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
  }
}
