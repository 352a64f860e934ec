import { Type } from 'typebox';
import { MAX_APPEAL_MESSAGE } from './service.js';

/** The wire shapes of appeal threads, shared by the publisher's and the administrators' routes. */

export const AppealMessage = Type.Object(
  {
    id: Type.String(),
    kind: Type.Union([Type.Literal('message'), Type.Literal('decision')]),
    author: Type.Object(
      {
        role: Type.Union([Type.Literal('publisher'), Type.Literal('admin')]),
        name: Type.String({ description: "The author's name ('' once the account is deleted)." }),
        email: Type.Union([Type.String(), Type.Null()], {
          description: "The author's address; null for an administrator when a publisher reads the thread.",
        }),
      },
      { additionalProperties: false },
    ),
    decision: Type.Union([Type.Literal(''), Type.Literal('approve'), Type.Literal('reject')], {
      description: "For a decision: 'approve' (the version went Active) or 'reject' (Banned); '' for a message.",
    }),
    body: Type.String({ description: 'Plain text; for a decision, the reason the administrator gave.' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'AppealMessage', additionalProperties: false },
);

export const AppealThread = Type.Object(
  {
    node_id: Type.String(),
    version: Type.String(),
    version_id: Type.String(),
    status: Type.String({ description: 'The version status now.' }),
    open: Type.Boolean({ description: 'True while the version is held for review: both sides may write.' }),
    messages: Type.Array(AppealMessage, { description: 'Oldest first.' }),
  },
  { title: 'AppealThread', additionalProperties: false },
);

export const MessageBody = Type.Object({
  body: Type.String({
    minLength: 1,
    maxLength: MAX_APPEAL_MESSAGE,
    description: `Plain text, 1 to ${MAX_APPEAL_MESSAGE} characters (blank is refused).`,
  }),
});
