import type { MailMessage } from '../../engines/mail/mailer.js';

/** What every appeal e-mail names: the version and where to read the thread. */
interface AppealMailInput {
  to: string;
  nodeId: string;
  nodeName: string;
  version: string;
  author: string;
  body: string;
  webUrl: string;
}

const base = (webUrl: string) => webUrl.replace(/\/+$/, '');
const quoted = (body: string) => body.split('\n').map((line) => `> ${line}`);

/** To an administrator: the publisher of a held version wrote in its appeal thread. */
export function publisherMessageMail(input: AppealMailInput): MailMessage {
  const pack = input.nodeName || input.nodeId;
  const link = `${base(input.webUrl)}/admin/review/${encodeURIComponent(input.nodeId)}/${encodeURIComponent(input.version)}`;
  const lines = [
    `${input.author} wrote about the held version ${input.version} of "${pack}" (${input.nodeId}):`,
    '',
    ...quoted(input.body),
    '',
    'Answer, approve or reject it in the review screen:',
    link,
  ];
  return { to: input.to, subject: `Appeal for ${pack} ${input.version}`, text: `${lines.join('\n')}\n` };
}

/** To a publisher's member: an administrator answered in a held version's appeal thread. */
export function adminReplyMail(input: AppealMailInput): MailMessage {
  const pack = input.nodeName || input.nodeId;
  const lines = [
    `An administrator answered about version ${input.version} of "${pack}":`,
    '',
    ...quoted(input.body),
    '',
    "Read the thread and reply on the pack's management page:",
    manageLink(input),
  ];
  return { to: input.to, subject: `Reply about ${pack} ${input.version}`, text: `${lines.join('\n')}\n` };
}

/** To a publisher's member: the administrators approved or rejected a held version. */
export function decisionMail(input: AppealMailInput & { approved: boolean }): MailMessage {
  const pack = input.nodeName || input.nodeId;
  const lines = [
    input.approved
      ? `The administrators approved version ${input.version} of "${pack}": it can be installed now.`
      : `The administrators rejected version ${input.version} of "${pack}": it will not be installable.`,
    ...(input.body ? ['', 'Their reason:', ...quoted(input.body)] : []),
    '',
    manageLink(input),
  ];
  return {
    to: input.to,
    subject: input.approved ? `${pack} ${input.version} was approved` : `${pack} ${input.version} was rejected`,
    text: `${lines.join('\n')}\n`,
  };
}

const manageLink = (input: AppealMailInput) => `${base(input.webUrl)}/nodes/${encodeURIComponent(input.nodeId)}/manage`;
