import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { optionalViewer, requireViewer, requireWriter } from '../../auth/viewer.js';
import { Publisher } from '../../catalogue/wire.js';
import {
  bearer,
  CanEdit,
  CreatePublisherBody,
  IsAvailable,
  ListPublishersQuery,
  PublisherParams,
  UpdatePublisherBody,
  ValidateQuery,
} from '../schemas.js';
import {
  createPublisher,
  deletePublisher,
  getPublisher,
  listPublishers,
  listPublishersForUser,
  publisherIdAvailability,
  publisherPermissions,
  updatePublisher,
  validatePublisherId,
} from '../service.js';

const tags = ['publishers'];

/** Publisher profiles: create, read, edit, delete, id availability and the caller's rights. */
const publisherRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/publishers/validate',
    {
      schema: {
        operationId: 'validatePublisher',
        tags,
        summary: 'Check whether a publisher id can be registered',
        description:
          'Answers 200 `{isAvailable: true}` or 400 with the reason in `message` (the public contract); with ' +
          '`verdict=true`, 200 `{isAvailable: false, message, code}` instead of the 400. A deleted ' +
          "publisher's id stays reserved.",
        querystring: ValidateQuery,
        response: { 200: IsAvailable, ...errorResponses(400) },
      },
    },
    async (request) =>
      request.query.verdict
        ? publisherIdAvailability(ctx.db, request.query.username ?? '')
        : validatePublisherId(ctx.db, request.query.username ?? ''),
  );

  app.get(
    '/publishers',
    {
      schema: {
        operationId: 'listPublishers',
        tags,
        summary: 'List every publisher, or those matching `search` (member names only)',
        querystring: ListPublishersQuery,
        response: { 200: Type.Array(Publisher), ...errorResponses(401) },
      },
    },
    async (request) => {
      await optionalViewer(request);
      const { search, limit } = request.query;
      return listPublishers(ctx.db, search === undefined ? undefined : { text: search, limit: limit ?? 10 });
    },
  );

  app.post(
    '/publishers',
    {
      schema: {
        operationId: 'createPublisher',
        tags,
        summary: 'Create a publisher; the caller becomes its owner',
        description:
          'On a mirror (UPSTREAM_URL set) an id the upstream registry has is refused with 409 `upstream.publisher_id_taken`; ' +
          'when the upstream cannot be asked in time, 503 `upstream.publisher_unavailable` and nothing is created.',
        security: bearer,
        body: CreatePublisherBody,
        response: { 201: Publisher, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => {
      const viewer = await requireWriter(request);
      return reply.code(201).send(await createPublisher(ctx, viewer, request.body));
    },
  );

  app.get(
    '/users/publishers/',
    {
      schema: {
        operationId: 'listPublishersForUser',
        tags,
        summary: "The caller's publishers, in any role",
        security: bearer,
        response: { 200: Type.Array(Publisher), ...errorResponses(401) },
      },
    },
    async (request) => listPublishersForUser(ctx.db, await requireViewer(request)),
  );

  app.get(
    '/publishers/:publisherId',
    {
      schema: {
        operationId: 'getPublisher',
        tags,
        summary: 'One publisher; member e-mails only for its members and admins',
        params: PublisherParams,
        response: { 200: Publisher, ...errorResponses(401, 404) },
      },
    },
    async (request) => getPublisher(ctx.db, await optionalViewer(request), request.params.publisherId),
  );

  app.put(
    '/publishers/:publisherId',
    {
      schema: {
        operationId: 'updatePublisher',
        tags,
        summary: "Change a publisher's profile (owner or admin)",
        security: bearer,
        params: PublisherParams,
        body: UpdatePublisherBody,
        response: { 200: Publisher, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updatePublisher(ctx, await requireWriter(request), request.params.publisherId, request.body),
  );

  app.delete(
    '/publishers/:publisherId',
    {
      schema: {
        operationId: 'deletePublisher',
        tags,
        summary: 'Delete a publisher that has no packs (owner or admin)',
        security: bearer,
        params: PublisherParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deletePublisher(ctx, await requireWriter(request), request.params.publisherId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/publishers/:publisherId/permissions',
    {
      schema: {
        operationId: 'getPermissionOnPublisher',
        tags,
        summary: 'Whether the caller may edit the publisher (profile, members, tokens) now',
        security: bearer,
        params: PublisherParams,
        response: { 200: CanEdit, ...errorResponses(401, 404) },
      },
    },
    async (request) => publisherPermissions(ctx.db, await requireViewer(request), request.params.publisherId),
  );
};

export default publisherRoutes;
