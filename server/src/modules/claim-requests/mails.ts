import type { MailMessage } from '../../engines/mail/mailer.js';

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

/** The e-mail telling an administrator that someone asked to claim a pack. */
export function newClaimRequestMail(input: {
  to: string;
  nodeId: string;
  nodeName: string;
  publisherId: string;
  requester: string;
  message: string;
  webUrl: string;
}): MailMessage {
  const pack = input.nodeName || input.nodeId;
  const link = `${input.webUrl.replace(/\/+$/, '')}/admin/claim-requests`;
  const lines = [
    `${input.requester} asked to move the pack "${pack}" (${input.nodeId}) into the publisher ${input.publisherId}.`,
    ...(input.message ? ['', `Their message: ${input.message}`] : []),
    '',
    'The request can be approved once the registry has found its proof file in the pack repository.',
    '',
    link,
  ];
  return { to: input.to, subject: `Claim request for ${pack}`, text: `${lines.join('\n')}\n` };
}
