import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PageQuery, PageSizeQuery, pageNumber, pageSize } from '../../../lib/paging.js';
import { errorResponses, Page } from '../../../lib/schemas.js';
import { listAudit } from '../../audit/service.js';
import { requireAdmin } from '../../auth/viewer.js';
import { userIdByEmail } from '../user-service.js';

const MAX_LIMIT = 200;
const Short = Type.Optional(Type.String({ minLength: 1, maxLength: 200 }));
const Time = Type.Optional(Type.String({ format: 'date-time' }));

const AuditEntry = Type.Object(
  {
    id: Type.String(),
    actor: Type.Union([Type.Object({ id: Type.String(), email: Type.String() }), Type.Null()]),
    action: Type.String(),
    target_type: Type.String(),
    target_id: Type.String(),
    target_label: Type.String({
      description: 'The target as people name it: `pack@1.2.0` for a version, the e-mail of a user, else the id.',
    }),
    reason: Type.String(),
    before: Type.Unknown(),
    after: Type.Unknown(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'AuditEntry', additionalProperties: false },
);

/** The audit log: read-only by design (no route changes or deletes an entry). */
const adminAuditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/audit',
    {
      schema: {
        operationId: 'listAuditEntries',
        tags: ['admin'],
        summary: 'Admin actions, newest first, with what each changed',
        querystring: Type.Object({
          actor: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 200,
              description: 'The acting user: an id, or an e-mail (any case).',
            }),
          ),
          action: Short,
          targetType: Short,
          targetId: Short,
          since: Time,
          until: Time,
          page: Type.Optional(PageQuery),
          limit: Type.Optional(PageSizeQuery(50, MAX_LIMIT)),
        }),
        response: {
          200: Page('AuditPage', 'entries', AuditEntry),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async function listAuditEntries(request) {
      await requireAdmin(request);
      const { page: requestedPage, limit: requestedLimit, since, until, ...filter } = request.query;
      const page = pageNumber(requestedPage);
      const limit = pageSize(requestedLimit, 50, MAX_LIMIT);
      const iso = (t: string | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
      const actor = filter.actor?.includes('@') ? await userIdByEmail(app.ctx, filter.actor) : filter.actor;
      return listAudit(app.ctx.db, { ...filter, actor, since: iso(since), until: iso(until) }, page, limit);
    },
  );
};

export default adminAuditRoutes;
