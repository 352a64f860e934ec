import { Type } from 'typebox';

/** Where outgoing e-mail (verification, password reset) goes. */
export const mailSchema = Type.Object({
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://',
      description:
        'SMTP server, e.g. `smtps://user:pass@smtp.example.com:465`. When unset, messages are written to the outbox folder instead.',
    }),
  ),
  MAIL_FROM: Type.String({
    default: 'Comfy Registry <no-reply@localhost>',
    minLength: 3,
    description: 'Sender of every message.',
  }),
  MAIL_OUTBOX_DIR: Type.Optional(
    Type.String({ description: 'Folder messages are written to when SMTP_URL is unset; default `DATA_DIR/outbox`.' }),
  ),
});
