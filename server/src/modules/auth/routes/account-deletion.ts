import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { deletionImpact } from '../account-deletion-service.js';
import { requireViewer } from '../viewer.js';

const DeletionImpact = Type.Object(
  {
    soleOwned: Type.Array(
      Type.Object({ id: Type.String(), name: Type.String(), packs: Type.Integer() }, { additionalProperties: false }),
      { description: 'Publishers with no other owner: they and their packs stay public, their tokens are deleted.' },
    ),
    shared: Type.Array(
      Type.Object({ id: Type.String(), name: Type.String(), role: Type.String() }, { additionalProperties: false }),
      { description: 'Publishers with another owner: the account leaves them.' },
    ),
  },
  { title: 'AccountDeletionImpact', additionalProperties: false },
);

/** `GET /users/account-deletion`: what deleting the signed-in account would change. */
const accountDeletionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/account-deletion',
    {
      schema: {
        operationId: 'getAccountDeletionImpact',
        tags: ['users'],
        summary: 'What deleting the signed-in account would change (shown before confirming)',
        security: [{ BearerAuth: [] }],
        response: { 200: DeletionImpact, ...errorResponses(401) },
      },
    },
    async (request) => deletionImpact(app.ctx.db, (await requireViewer(request)).id),
  );
};

export default accountDeletionRoutes;
