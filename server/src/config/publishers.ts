import { Type } from 'typebox';

/** Limits on who may create publishers and invite members. */
export const publishersSchema = Type.Object({
  MAX_PUBLISHERS_PER_USER: Type.Integer({
    default: 5,
    minimum: 1,
    maximum: 10_000,
    description: 'How many publishers one account may belong to before it can no longer create new ones.',
  }),
  PUBLISHER_INVITATIONS_PER_DAY: Type.Integer({
    default: 20,
    minimum: 1,
    maximum: 100_000,
    description:
      'How many member invitations one publisher, and one inviting account, may send in any 24 hours; more answer 429.',
  }),
});
