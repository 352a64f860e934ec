import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PageQuery, PageSizeQuery, pageNumber, pageSize } from '../../../lib/paging.js';
import { errorResponses, RepeatedQuery } from '../../../lib/schemas.js';
import { requireAdmin } from '../../auth/viewer.js';
import { NodeVersion } from '../../catalogue/wire.js';
import { parseStatuses } from '../../nodes/version-statuses.js';
import { reviewQueue } from '../queue-service.js';
import { MAX_REVIEW_ITEMS, reviewVersions } from '../review-service.js';
import { CompatFields, Reason, ReviewQueuePage, ReviewResult, StatusHistoryEntry, VersionParams } from '../schemas.js';
import { undoVersionStatus, updateVersion, versionHistory } from '../version-service.js';

const MAX_QUEUE_PAGE_SIZE = 100;
const tags = ['admin'];

/** Version moderation: status and compatibility, undo, history, batch review and the review queue. */
const adminVersionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/admin/nodes/:nodeId/versions/:versionNumber',
    {
      schema: {
        operationId: 'adminUpdateNodeVersion',
        tags,
        summary: 'Set a version status (with reason) and/or its compatibility fields',
        params: VersionParams,
        body: Type.Object({
          status: Type.Optional(Type.String({ maxLength: 100, description: 'A NodeVersionStatus value.' })),
          status_reason: Type.Optional(Reason),
          ...CompatFields,
        }),
        response: { 200: NodeVersion, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async function adminUpdateNodeVersion(request) {
      const viewer = await requireAdmin(request);
      const { nodeId, versionNumber } = request.params;
      return updateVersion(app.ctx, viewer, nodeId, versionNumber, request.body, request.log);
    },
  );

  app.post(
    '/admin/nodes/:nodeId/versions/:versionNumber/undo',
    {
      schema: {
        operationId: 'undoNodeVersionStatus',
        tags,
        summary: 'Restore the status and reason the version had before its latest change',
        params: VersionParams,
        response: { 200: NodeVersion, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async function undoNodeVersionStatus(request) {
      const viewer = await requireAdmin(request);
      return undoVersionStatus(app.ctx, viewer, request.params.nodeId, request.params.versionNumber);
    },
  );

  app.get(
    '/admin/nodes/:nodeId/versions/:versionNumber/history',
    {
      schema: {
        operationId: 'getNodeVersionStatusHistory',
        tags,
        summary: 'Every status change of a version, oldest first',
        params: VersionParams,
        response: { 200: Type.Array(StatusHistoryEntry), ...errorResponses(401, 403, 404) },
      },
    },
    async function getNodeVersionStatusHistory(request) {
      await requireAdmin(request);
      return versionHistory(app.ctx, request.params.nodeId, request.params.versionNumber);
    },
  );

  app.post(
    '/admin/versions/review',
    {
      bodyLimit: 64 * 1024,
      schema: {
        operationId: 'reviewNodeVersions',
        tags,
        summary: 'Approve (Active) or reject (Banned) many versions with one reason',
        description: `Up to ${MAX_REVIEW_ITEMS} items; each is decided in its own transaction and reported on its own.`,
        body: Type.Object({
          items: Type.Array(
            Type.Object({
              node_id: Type.String({ minLength: 1, maxLength: 100 }),
              version: Type.String({ minLength: 1, maxLength: 64 }),
            }),
            { minItems: 1, maxItems: MAX_REVIEW_ITEMS },
          ),
          action: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
          reason: Type.Optional(Reason),
        }),
        response: {
          200: Type.Object({ results: Type.Array(ReviewResult) }, { additionalProperties: false }),
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    async function reviewNodeVersions(request) {
      const viewer = await requireAdmin(request);
      const { items, action, reason } = request.body;
      const fallback = action === 'approve' ? 'Approved by admin' : 'Rejected by admin';
      const results = await reviewVersions(app.ctx, viewer, items, action, reason?.trim() || fallback, request.log);
      return { results };
    },
  );

  app.get(
    '/admin/review-queue',
    {
      schema: {
        operationId: 'listReviewQueue',
        tags,
        summary: 'Versions to review, with pack name, repository, publisher and findings',
        querystring: Type.Object({
          statuses: Type.Optional(RepeatedQuery(Type.String(), { description: 'Default: Pending and Flagged.' })),
          nodeId: Type.Optional(Type.String({ maxLength: 100 })),
          q: Type.Optional(Type.String({ maxLength: 200, description: 'Text in the status reason, pack id or name.' })),
          page: Type.Optional(PageQuery),
          pageSize: Type.Optional(PageSizeQuery(10, MAX_QUEUE_PAGE_SIZE)),
          sort: Type.Optional(Type.Union([Type.Literal('oldest'), Type.Literal('newest')], { default: 'oldest' })),
        }),
        response: { 200: ReviewQueuePage, ...errorResponses(400, 401, 403) },
      },
    },
    async function listReviewQueue(request) {
      await requireAdmin(request);
      const { query } = request;
      const size = pageSize(query.pageSize, 10, MAX_QUEUE_PAGE_SIZE);
      const statuses =
        query.statuses && query.statuses.length > 0
          ? parseStatuses(query.statuses)
          : (['NodeVersionStatusFlagged', 'NodeVersionStatusPending'] as const).slice();
      return reviewQueue(app.ctx, {
        statuses,
        nodeId: query.nodeId,
        q: query.q,
        page: pageNumber(query.page),
        pageSize: size,
        sort: query.sort ?? 'oldest',
      });
    },
  );
};

export default adminVersionRoutes;
