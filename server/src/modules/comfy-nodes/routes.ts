import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PageQuery, PageSizeQuery, pageNumber, pageSize } from '../../lib/paging.js';
import { errorResponses } from '../../lib/schemas.js';
import { ComfyNode, Node } from '../catalogue/wire.js';
import { sendCachedRead } from '../nodes/cache/catalogue-cache.js';
import { serveNodeRead } from '../nodes/node-access.js';
import { cachedReadResponses, NodeIdString, redirectResponse, VersionString } from '../nodes/schemas.js';
import { requireVersion } from '../nodes/versions-service.js';
import { findPackProviding, getVersionComfyNode, listComfyNodes, listVersionComfyNodes } from './service.js';

/** A class name as registered in NODE_CLASS_MAPPINGS: any text, bounded. */
const ComfyNodeName = Type.String({ minLength: 1, maxLength: 300 });
const MAX_PAGE_SIZE = 1000;

/** Comfy-node (class) reads: the listing, class → pack resolution, and a version's classes. */
const comfyNodesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/comfy-nodes',
    {
      schema: {
        operationId: 'listComfyNodes',
        tags: ['comfy-nodes'],
        summary: 'List comfy nodes (classes) of active packs',
        querystring: Type.Object({
          page: Type.Optional(PageQuery),
          pageSize: Type.Optional(PageSizeQuery(100, MAX_PAGE_SIZE)),
          node_id: Type.Optional(NodeIdString),
          node_version: Type.Optional(VersionString),
          comfy_node_name: Type.Optional(ComfyNodeName),
        }),
        response: {
          200: Type.Object(
            { comfy_nodes: Type.Array(ComfyNode), total: Type.Integer() },
            { additionalProperties: false },
          ),
          ...errorResponses(400),
        },
      },
    },
    async function listComfyNodesHandler(request) {
      const { query } = request;
      return listComfyNodes(
        app.ctx,
        {
          nodeId: query.node_id,
          version: query.node_version === undefined ? undefined : requireVersion(query.node_version),
          name: query.comfy_node_name,
        },
        pageNumber(query.page),
        pageSize(query.pageSize, 100, MAX_PAGE_SIZE),
      );
    },
  );

  app.get(
    '/comfy-nodes/:comfyNodeName/node',
    {
      schema: {
        operationId: 'getNodeByComfyNodeName',
        tags: ['comfy-nodes'],
        summary: 'The pack that provides a comfy-node class',
        description:
          'Among active packs providing the class (from their latest version, or as an imported class name): a pack that preempts the name wins, then the lower search ranking, then more downloads, then more GitHub stars.',
        params: Type.Object({ comfyNodeName: ComfyNodeName }),
        response: { 200: Node, ...cachedReadResponses, ...errorResponses(400, 404) },
      },
    },
    async function getNodeByComfyNodeName(request, reply) {
      const { comfyNodeName } = request.params;
      return sendCachedRead(request, reply, JSON.stringify(['provider', comfyNodeName]), () =>
        findPackProviding(app.ctx, comfyNodeName),
      );
    },
  );

  app.get(
    '/nodes/:nodeId/versions/:version/comfy-nodes',
    {
      schema: {
        operationId: 'listComfyNodesOfVersion',
        tags: ['comfy-nodes'],
        summary: 'Comfy nodes extracted from one version',
        params: Type.Object({ nodeId: NodeIdString, version: VersionString }),
        querystring: Type.Object({
          page: Type.Optional(PageQuery),
          limit: Type.Optional(PageSizeQuery(10, MAX_PAGE_SIZE)),
        }),
        response: {
          200: Type.Object(
            { comfy_nodes: Type.Array(ComfyNode), totalNumberOfPages: Type.Integer() },
            { additionalProperties: false },
          ),
          ...redirectResponse,
          ...cachedReadResponses,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async function listComfyNodesOfVersion(request, reply) {
      const { nodeId, version } = request.params;
      const paging = { page: pageNumber(request.query.page), limit: pageSize(request.query.limit, 10, MAX_PAGE_SIZE) };
      return serveNodeRead(request, reply, {
        nodeId,
        cacheKey: JSON.stringify(['version-classes', nodeId, version, paging.page, paging.limit]),
        read: (access) => listVersionComfyNodes(app.ctx, nodeId, version, paging, access),
      });
    },
  );

  app.get(
    '/nodes/:nodeId/versions/:version/comfy-nodes/:comfyNodeName',
    {
      schema: {
        operationId: 'getComfyNode',
        tags: ['comfy-nodes'],
        summary: 'One comfy node of one version',
        params: Type.Object({ nodeId: NodeIdString, version: VersionString, comfyNodeName: ComfyNodeName }),
        response: {
          200: ComfyNode,
          ...redirectResponse,
          ...cachedReadResponses,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async function getComfyNode(request, reply) {
      const { nodeId, version, comfyNodeName } = request.params;
      return serveNodeRead(request, reply, {
        nodeId,
        cacheKey: JSON.stringify(['version-class', nodeId, version, comfyNodeName]),
        read: (access) => getVersionComfyNode(app.ctx, nodeId, version, comfyNodeName, access),
      });
    },
  );
};

export default comfyNodesRoutes;
