import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PageQuery, PageSizeQuery, pageNumber, pageSize } from '../../../lib/paging.js';
import { errorResponses, RepeatedQuery } from '../../../lib/schemas.js';
import { ListedNodeVersion, NodeVersion, VersionsPage } from '../../catalogue/wire.js';
import { serveNodeRead } from '../node-access.js';
import { cachedReadResponses, NodeIdParams, NodeIdString, NodeVersionParams, redirectResponse } from '../schemas.js';
import { statusFilter, VERSION_STATUSES } from '../version-statuses.js';
import { getNodeVersion, listAllVersions, listNodeVersions } from '../versions-service.js';

const StatusValue = Type.String({ maxLength: 64 });
const statusesDescription = `Any of ${VERSION_STATUSES.join(', ')}; repeat the key for several. Without it every status except Deleted is listed; other values match nothing.`;
const StatusFilter = {
  statuses: Type.Optional(RepeatedQuery(StatusValue, { maxItems: 10, description: statusesDescription })),
  'statuses[]': Type.Optional(RepeatedQuery(StatusValue, { maxItems: 10, description: 'Same as `statuses`.' })),
  include_status_reason: Type.Optional(Type.Boolean({ description: 'Include `status_reason` in each version.' })),
};

const MAX_PAGE_SIZE = 100;

/** Version reads: one pack's versions, one version, and the all-versions listing. */
const versionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/nodes/:nodeId/versions',
    {
      schema: {
        operationId: 'listNodeVersions',
        tags: ['versions'],
        summary: "List a pack's versions, highest semver first",
        params: NodeIdParams,
        querystring: Type.Object(StatusFilter),
        response: {
          200: Type.Array(ListedNodeVersion),
          ...redirectResponse,
          ...cachedReadResponses,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async function listNodeVersionsHandler(request, reply) {
      const { nodeId } = request.params;
      const statuses = statusFilter([...(request.query.statuses ?? []), ...(request.query['statuses[]'] ?? [])]);
      const includeStatusReason = request.query.include_status_reason === true;
      return serveNodeRead(request, reply, {
        nodeId,
        cacheKey: JSON.stringify(['versions', nodeId, statuses, includeStatusReason]),
        read: (access) => listNodeVersions(app.ctx, nodeId, { ...access, statuses, includeStatusReason }),
      });
    },
  );

  app.get(
    '/nodes/:nodeId/versions/:version',
    {
      schema: {
        operationId: 'getNodeVersion',
        tags: ['versions'],
        summary: 'Get one version of a pack (any status)',
        params: NodeVersionParams,
        response: {
          200: NodeVersion,
          ...redirectResponse,
          ...cachedReadResponses,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async function getNodeVersionHandler(request, reply) {
      const { nodeId, version } = request.params;
      return serveNodeRead(request, reply, {
        nodeId,
        cacheKey: JSON.stringify(['version', nodeId, version]),
        read: (access) => getNodeVersion(app.ctx, nodeId, version, access),
      });
    },
  );

  app.get(
    '/versions',
    {
      schema: {
        operationId: 'listAllNodeVersions',
        tags: ['versions'],
        summary: 'List versions of every pack (review queues)',
        querystring: Type.Object({
          page: Type.Optional(PageQuery),
          pageSize: Type.Optional(PageSizeQuery(10, MAX_PAGE_SIZE)),
          nodeId: Type.Optional(NodeIdString),
          status_reason: Type.Optional(
            Type.String({
              maxLength: 200,
              description: 'Only versions whose status reason contains this text (any case).',
            }),
          ),
          sort: Type.Optional(
            Type.Union([Type.Literal('newest'), Type.Literal('oldest')], {
              description: '`newest` first (default) or `oldest` first (review queues).',
            }),
          ),
          ...StatusFilter,
        }),
        response: { 200: VersionsPage, ...errorResponses(400) },
      },
    },
    async function listAllNodeVersions(request) {
      const { query } = request;
      return listAllVersions(app.ctx, {
        page: pageNumber(query.page),
        pageSize: pageSize(query.pageSize, 10, MAX_PAGE_SIZE),
        statuses: statusFilter([...(query.statuses ?? []), ...(query['statuses[]'] ?? [])]),
        nodeId: query.nodeId,
        statusReason: query.status_reason,
        includeStatusReason: query.include_status_reason === true,
        order: query.sort ?? 'newest',
      });
    },
  );
};

export default versionsRoutes;
