/** One outgoing e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body; every message has one. */
  text: string;
  html?: string;
}

/** Sends e-mail: over SMTP when configured, otherwise into the outbox folder. */
export interface Mailer {
  /** Resolves once the message is handed over (to the SMTP server, or written to disk). */
  send(message: MailMessage): Promise<void>;
}

/** The part of a pino logger the mailers use. */
export interface MailLogger {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}
