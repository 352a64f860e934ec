import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PageQuery, PageSizeQuery, pageNumber, pageSize } from '../../../lib/paging.js';
import { errorResponses, Page } from '../../../lib/schemas.js';
import { requireAdmin } from '../../auth/viewer.js';
import { Reason } from '../schemas.js';
import { listUsers, updateUser } from '../user-service.js';

const tags = ['admin'];
const MAX_LIMIT = 100;

const AdminUser = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    isAdmin: Type.Boolean(),
    isApproved: Type.Boolean(),
    status: Type.String({ description: '`ACTIVE` or `BANNED`.' }),
    status_reason: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'AdminUser', additionalProperties: false },
);

/** Accounts: search, admin role, bans. */
const adminUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/users',
    {
      schema: {
        operationId: 'listUsers',
        tags,
        summary: 'Search accounts by e-mail or name',
        querystring: Type.Object({
          q: Type.Optional(Type.String({ maxLength: 200 })),
          page: Type.Optional(PageQuery),
          limit: Type.Optional(PageSizeQuery(20, MAX_LIMIT)),
        }),
        response: {
          200: Page('AdminUsersPage', 'users', AdminUser),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async function listUsersRoute(request) {
      await requireAdmin(request);
      const limit = pageSize(request.query.limit, 20, MAX_LIMIT);
      return listUsers(app.ctx, { q: request.query.q, page: pageNumber(request.query.page), limit });
    },
  );

  app.put(
    '/admin/users/:userId',
    {
      schema: {
        operationId: 'updateUser',
        tags,
        summary: 'Make or revoke admin; ban or unban an account',
        params: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }) }),
        body: Type.Object({
          isAdmin: Type.Optional(Type.Boolean()),
          banned: Type.Optional(Type.Boolean()),
          reason: Type.Optional(Reason),
        }),
        response: { 200: AdminUser, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async function updateUserRoute(request) {
      const viewer = await requireAdmin(request);
      return updateUser(app.ctx, viewer, request.params.userId, request.body);
    },
  );
};

export default adminUserRoutes;
