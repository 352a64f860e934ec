import { Type } from 'typebox';

/** Limits on who may create publishers. */
export const publishersSchema = Type.Object({
  MAX_PUBLISHERS_PER_USER: Type.Integer({
    default: 5,
    minimum: 1,
    maximum: 10_000,
    description: 'How many publishers one account may belong to before it can no longer create new ones.',
  }),
});
