import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { toBool } from '../../../db/values.js';
import { unauthorized } from '../../../lib/errors.js';
import { errorResponses } from '../../../lib/schemas.js';
import { findUserById } from '../users-repository.js';
import { requireViewer } from '../viewer.js';

/** The caller's profile, as the public registry's `GET /users` answers it. */
export const UserProfile = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    isApproved: Type.Boolean(),
    isAdmin: Type.Boolean(),
  },
  { title: 'User' },
);

/** `GET /users`: who the identity token belongs to. */
const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        operationId: 'getUser',
        tags: ['users'],
        summary: 'The signed-in account',
        security: [{ BearerAuth: [] }],
        response: { 200: UserProfile, ...errorResponses(401) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const user = await findUserById(app.ctx.db, viewer.id);
      if (!user) throw unauthorized('invalid auth token');
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        isApproved: toBool(user.is_approved),
        isAdmin: toBool(user.is_admin),
      };
    },
  );
};

export default usersRoutes;
