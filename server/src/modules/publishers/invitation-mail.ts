import type { MemberRole } from '../../db/schema.js';
import type { MailMessage } from '../../engines/mail/mailer.js';

/** Where the web app lists the signed-in account's invitations with Accept and Decline. */
export const INVITATIONS_PATH = '/nodes#invitations';

/** The e-mail telling an account that someone invited it to a publisher. */
export function invitationMail(input: {
  to: string;
  name: string;
  inviter: string;
  publisherId: string;
  publisherName: string;
  role: MemberRole;
  expiresAt: string;
  webUrl: string;
}): MailMessage {
  const publisher = input.publisherName || input.publisherId;
  const link = `${input.webUrl.replace(/\/+$/, '')}${INVITATIONS_PATH}`;
  const lines = [
    `Hello ${input.name || input.to},`,
    '',
    `${input.inviter} invited you to join the publisher "${publisher}" (${input.publisherId}) as ${input.role === 'owner' ? 'an owner' : 'a member'}.`,
    'Nothing changes until you accept: sign in and answer the invitation on your publishers page.',
    `The invitation expires on ${input.expiresAt.slice(0, 10)}. If you did not expect it, decline it or let it expire.`,
    '',
    link,
  ];
  return { to: input.to, subject: `Invitation to the publisher ${publisher}`, text: `${lines.join('\n')}\n` };
}
