import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { PublisherStatus } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';
import { errorResponses } from '../../../lib/schemas.js';
import { requireAdmin } from '../../auth/viewer.js';
import { Publisher } from '../../catalogue/wire.js';
import { listPublishersForAdmin, PUBLISHER_STATUSES } from '../publisher-service.js';

const MAX_LIMIT = 100;

const AdminPublisher = Type.Object(
  { ...Publisher.properties, status_reason: Type.String({ description: 'Why it is banned; empty otherwise.' }) },
  { title: 'AdminPublisher', additionalProperties: false },
);

/** Publisher search for moderators (bans are in bans.ts). */
const adminPublisherRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/publishers',
    {
      schema: {
        operationId: 'listPublishersForAdmin',
        tags: ['admin'],
        summary: 'Search publishers by id or name, with member e-mails and ban reason',
        querystring: Type.Object({
          q: Type.Optional(Type.String({ maxLength: 200, description: 'Text in the publisher id or name.' })),
          status: Type.Optional(Type.String({ maxLength: 100, description: 'A PublisherStatus value; default all.' })),
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
          limit: Type.Optional(Type.Integer({ description: `1..${MAX_LIMIT}, default 20.` })),
        }),
        response: {
          200: Type.Object(
            {
              total: Type.Integer(),
              publishers: Type.Array(AdminPublisher),
              page: Type.Integer(),
              limit: Type.Integer(),
              totalPages: Type.Integer(),
            },
            { title: 'AdminPublishersPage', additionalProperties: false },
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async function listPublishersForAdminRoute(request) {
      await requireAdmin(request);
      const { q, status, page = 1, limit = 20 } = request.query;
      if (limit < 1 || limit > MAX_LIMIT) throw badRequest(`Invalid limit: ${limit}`, `between 1 and ${MAX_LIMIT}`);
      if (status !== undefined && !PUBLISHER_STATUSES.includes(status as PublisherStatus)) {
        throw badRequest(`Invalid status: ${status}`, `valid statuses: ${PUBLISHER_STATUSES.join(', ')}`);
      }
      const statuses = status === undefined ? [...PUBLISHER_STATUSES] : [status as PublisherStatus];
      return listPublishersForAdmin(app.ctx, { q, statuses, page, limit });
    },
  );
};

export default adminPublisherRoutes;
