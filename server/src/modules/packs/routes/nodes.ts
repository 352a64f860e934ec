import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PageQuery, PageSizeQuery } from '../../../lib/paging.js';
import { errorResponses } from '../../../lib/schemas.js';
import { optionalViewer, requireViewer, requireWriter } from '../../auth/viewer.js';
import { Node, NodesPage } from '../../catalogue/wire.js';
import { bearer, CanEdit, PublisherParams } from '../../publishers/schemas.js';
import { CreatePackBody, IncludeBanned, PackParams, UpdatePackBody } from '../schemas.js';
import {
  createPack,
  deletePack,
  listPacks,
  listPacksPage,
  MAX_PAGE_LIMIT,
  packPermissions,
  updatePack,
} from '../service.js';

const tags = ['packs'];

/** A publisher's packs: create, list, edit, delete, and the caller's rights on one. */
const packRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/publishers/:publisherId/nodes',
    {
      schema: {
        operationId: 'createNode',
        tags,
        summary: 'Register a pack under a publisher (owners, members, admins)',
        security: bearer,
        params: PublisherParams,
        body: CreatePackBody,
        response: { 201: Node, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const node = await createPack(ctx, await requireWriter(request), request.params.publisherId, request.body);
      return reply.code(201).send(node);
    },
  );

  app.get(
    '/publishers/:publisherId/nodes',
    {
      schema: {
        operationId: 'listNodesForPublisher',
        tags,
        summary: "A publisher's packs as a bare array (legacy; see /nodes/v2 for pages)",
        params: PublisherParams,
        querystring: Type.Object({ include_banned: IncludeBanned }),
        response: { 200: Type.Array(Node), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const includeBanned = request.query.include_banned === true;
      const viewer = includeBanned ? await optionalViewer(request) : null;
      return listPacks(ctx, viewer, request.params.publisherId, includeBanned);
    },
  );

  app.get(
    '/publishers/:publisherId/nodes/v2',
    {
      schema: {
        operationId: 'listNodesForPublisherV2',
        tags,
        summary: "A publisher's packs, one page at a time",
        params: PublisherParams,
        querystring: Type.Object({
          page: Type.Optional(PageQuery),
          limit: Type.Optional(PageSizeQuery(10, MAX_PAGE_LIMIT)),
          include_banned: IncludeBanned,
        }),
        response: { 200: NodesPage, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const includeBanned = request.query.include_banned === true;
      const viewer = includeBanned ? await optionalViewer(request) : null;
      return listPacksPage(ctx, viewer, request.params.publisherId, { page, limit, includeBanned });
    },
  );

  app.put(
    '/publishers/:publisherId/nodes/:nodeId',
    {
      schema: {
        operationId: 'updateNode',
        tags,
        summary: "Change a pack's details (owners, members, admins)",
        security: bearer,
        params: PackParams,
        body: UpdatePackBody,
        response: { 200: Node, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { publisherId, nodeId } = request.params;
      return updatePack(ctx, await requireWriter(request), publisherId, nodeId, request.body);
    },
  );

  app.delete(
    '/publishers/:publisherId/nodes/:nodeId',
    {
      schema: {
        operationId: 'deleteNode',
        tags,
        summary: 'Delete a pack (hidden everywhere; its id stays taken)',
        security: bearer,
        params: PackParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { publisherId, nodeId } = request.params;
      await deletePack(ctx, await requireWriter(request), publisherId, nodeId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/publishers/:publisherId/nodes/:nodeId/permissions',
    {
      schema: {
        operationId: 'getPermissionOnPublisherNodes',
        tags,
        summary: 'Whether the caller may change this pack now',
        security: bearer,
        params: PackParams,
        response: { 200: CanEdit, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { publisherId, nodeId } = request.params;
      return packPermissions(ctx, await requireViewer(request), publisherId, nodeId);
    },
  );
};

export default packRoutes;
