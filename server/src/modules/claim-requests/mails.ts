import type { MailMessage } from '../mail/mailer.js';

/** The e-mail telling a requester what the administrators decided about their claim. */
export function claimDecisionMail(input: {
  to: string;
  name: string;
  nodeId: string;
  nodeName: string;
  publisherId: string;
  approved: boolean;
  note: string;
  webUrl: string;
}): MailMessage {
  const pack = input.nodeName || input.nodeId;
  const link = `${input.webUrl.replace(/\/+$/, '')}/nodes/${encodeURIComponent(input.nodeId)}`;
  const lines = [
    `Hello ${input.name || input.to},`,
    '',
    input.approved
      ? `The administrators approved your request: the pack "${pack}" now belongs to your publisher ${input.publisherId}.`
      : `The administrators denied your request to claim the pack "${pack}" for your publisher ${input.publisherId}.`,
    ...(input.note ? ['', `Their note: ${input.note}`] : []),
    '',
    link,
  ];
  return {
    to: input.to,
    subject: input.approved ? `Your claim of ${pack} was approved` : `Your claim of ${pack} was denied`,
    text: `${lines.join('\n')}\n`,
  };
}
