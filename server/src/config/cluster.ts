import { Type } from 'typebox';

/** How many processes one `npm start` runs. */
export const clusterSchema = Type.Object({
  WORKERS: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 256,
      description:
        'Worker processes serving both listeners (Node cluster). Default: the number of cores. 1 runs everything in one process, without a supervisor.',
    }),
  ),
});
