import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { PublisherStatus } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';
import { PageQuery, PageSizeQuery, pageNumber, pageSize } from '../../../lib/paging.js';
import { errorResponses, Page } from '../../../lib/schemas.js';
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
          page: Type.Optional(PageQuery),
          limit: Type.Optional(PageSizeQuery(20, MAX_LIMIT)),
        }),
        response: {
          200: Page('AdminPublishersPage', 'publishers', AdminPublisher),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async function listPublishersForAdminRoute(request) {
      await requireAdmin(request);
      const { q, status } = request.query;
      const page = pageNumber(request.query.page);
      const limit = pageSize(request.query.limit, 20, MAX_LIMIT);
      if (status !== undefined && !PUBLISHER_STATUSES.includes(status as PublisherStatus)) {
        throw badRequest(`Invalid status: ${status}`, `valid statuses: ${PUBLISHER_STATUSES.join(', ')}`);
      }
      const statuses = status === undefined ? [...PUBLISHER_STATUSES] : [status as PublisherStatus];
      return listPublishersForAdmin(app.ctx, { q, statuses, page, limit });
    },
  );
};

export default adminPublisherRoutes;
