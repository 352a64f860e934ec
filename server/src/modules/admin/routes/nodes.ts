import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { NodeStatus } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';
import { PageQuery, PageSizeQuery, pageNumber, pageSize } from '../../../lib/paging.js';
import { errorResponses, RepeatedQuery } from '../../../lib/schemas.js';
import { requireAdmin } from '../../auth/viewer.js';
import { Node, NodesPage } from '../../catalogue/wire.js';
import { adminStats, listNodesForAdmin } from '../catalogue-service.js';
import { createUnclaimedNode, NODE_STATUSES, updateNodeAsAdmin } from '../node-service.js';
import { CompatFields, NodeParams } from '../schemas.js';

const tags = ['admin'];
const MAX_LIMIT = 100;
const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const List = Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }));

/** Fields an admin may set on a pack (create and update). */
const nodeFields = {
  description: Text(1000),
  author: Text(200),
  license: Text(2000),
  category: Text(200),
  tags: List,
  tags_admin: List,
  repository: Text(500),
  icon: Text(500),
  banner_url: Text(500),
  search_ranking: Type.Optional(Type.Integer({ description: '1 (first) to 10 (last); 5 when unset.' })),
  preempted_comfy_node_names: List,
  ...CompatFields,
};

/** Pack administration: unclaimed packs, any-field edits, the full listing and dashboard counts. */
const adminNodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/nodes',
    {
      schema: {
        operationId: 'createUnclaimedNode',
        tags,
        summary: 'Create a pack under the unclaimed publisher',
        body: Type.Object({
          id: Type.String({ maxLength: 200 }),
          name: Type.String({ minLength: 1, maxLength: 200 }),
          ...nodeFields,
        }),
        response: { 201: Node, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async function createUnclaimedNodeRoute(request, reply) {
      const viewer = await requireAdmin(request);
      return reply.code(201).send(await createUnclaimedNode(app.ctx, viewer, request.body));
    },
  );

  app.put(
    '/admin/nodes/:nodeId',
    {
      schema: {
        operationId: 'adminUpdateNode',
        tags,
        summary: 'Change any field of a pack: status (unban), publisher (assign or unclaim), ranking, ...',
        params: NodeParams,
        body: Type.Object({
          name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          status: Type.Optional(Type.String({ maxLength: 100, description: 'A NodeStatus value.' })),
          status_detail: Text(2000),
          publisher: Type.Optional(Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) })),
          ...nodeFields,
        }),
        response: { 200: Node, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async function adminUpdateNode(request) {
      const viewer = await requireAdmin(request);
      return updateNodeAsAdmin(app.ctx, viewer, request.params.nodeId, request.body);
    },
  );

  app.get(
    '/admin/nodes',
    {
      schema: {
        operationId: 'listNodesForAdmin',
        tags,
        summary: 'Every pack (banned and deleted too), filtered by status and text',
        querystring: Type.Object({
          status: Type.Optional(RepeatedQuery(Type.String(), { description: 'NodeStatus values; default all.' })),
          q: Type.Optional(Type.String({ maxLength: 200, description: 'Text in the pack id or name.' })),
          page: Type.Optional(PageQuery),
          limit: Type.Optional(PageSizeQuery(10, MAX_LIMIT)),
        }),
        response: { 200: NodesPage, ...errorResponses(400, 401, 403) },
      },
    },
    async function listNodesForAdminRoute(request) {
      await requireAdmin(request);
      const { query } = request;
      const limit = pageSize(query.limit, 10, MAX_LIMIT);
      const unknown = (query.status ?? []).filter((s) => !NODE_STATUSES.includes(s as NodeStatus));
      if (unknown.length > 0) {
        throw badRequest(`Invalid status: ${unknown.join(', ')}`, `valid statuses: ${NODE_STATUSES.join(', ')}`);
      }
      const statuses = query.status && query.status.length > 0 ? (query.status as NodeStatus[]) : [...NODE_STATUSES];
      return listNodesForAdmin(app.ctx, { statuses, q: query.q, page: pageNumber(query.page), limit });
    },
  );

  app.get(
    '/admin/stats',
    {
      schema: {
        operationId: 'getAdminStats',
        tags,
        summary: 'Counts for the admin dashboard',
        response: {
          200: Type.Object(
            {
              pending_versions: Type.Integer(),
              flagged_versions: Type.Integer(),
              banned_nodes: Type.Integer(),
              nodes_created_last_7_days: Type.Integer(),
              users: Type.Integer(),
              publishers: Type.Integer(),
              held_versions: Type.Integer({
                description: 'Versions waiting for an administrator: Flagged, or Pending after passing their checks.',
              }),
              decision_window_days: Type.Integer({ description: 'How many days back the decision figures look.' }),
              decisions_in_window: Type.Integer({
                description: 'Held versions an administrator approved or rejected in the window.',
              }),
              median_decision_seconds: Type.Union([Type.Integer(), Type.Null()], {
                description: 'Median time from hold to decision over those decisions; null when there were none.',
              }),
            },
            { title: 'AdminStats', additionalProperties: false },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async function getAdminStats(request) {
      await requireAdmin(request);
      return adminStats(app.ctx);
    },
  );
};

export default adminNodeRoutes;
