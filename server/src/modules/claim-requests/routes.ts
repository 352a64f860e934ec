import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PageQuery, PageSizeQuery, pageNumber, pageSize } from '../../lib/paging.js';
import { errorResponses } from '../../lib/schemas.js';
import { requireAdmin, requireWriter } from '../auth/viewer.js';
import { bearer } from '../publishers/schemas.js';
import { checkRequest, decideRequest, listOwnRequests, listRequests, requestClaim } from './service.js';

const MAX_LIMIT = 100;
const Status = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('denied')]);

const ClaimRequest = Type.Object(
  {
    id: Type.String(),
    node_id: Type.String(),
    publisher_id: Type.String(),
    message: Type.String(),
    status: Status,
    decision_note: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    decided_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    proof: Type.Object(
      {
        file: Type.String({ description: 'The file to commit at the root of the default branch.' }),
        token: Type.String({ description: 'The line the file must contain.' }),
        url: Type.String({ description: 'Where the registry reads the file.' }),
        status: Type.Union([Type.Literal('unchecked'), Type.Literal('verified'), Type.Literal('failed')]),
        reason: Type.Union(
          [
            Type.Literal(''),
            Type.Literal('found'),
            Type.Literal('missing'),
            Type.Literal('other_token'),
            Type.Literal('no_token'),
            Type.Literal('unreachable'),
            Type.Literal('host_error'),
            Type.Literal('unsupported'),
          ],
          { description: "The latest check's finding as a word ('' before the first check)." },
        ),
        detail: Type.String({ description: 'What the latest check found: the evidence, or why it failed.' }),
        checked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      },
      { title: 'ClaimProof', additionalProperties: false },
    ),
  },
  { title: 'ClaimRequest', additionalProperties: false },
);
const RequestParams = Type.Object({ requestId: Type.String({ minLength: 1, maxLength: 100 }) });
const NodeParams = Type.Object({ nodeId: Type.String({ minLength: 1, maxLength: 100 }) });

const AdminClaimRequest = Type.Object(
  {
    ...ClaimRequest.properties,
    node_name: Type.String(),
    node_repository: Type.String(),
    publisher_name: Type.String(),
    requester: Type.Object({ email: Type.String(), name: Type.String() }, { additionalProperties: false }),
  },
  { title: 'AdminClaimRequest', additionalProperties: false },
);

const Note = Type.String({ maxLength: 2000 });
const DecisionBody = Type.Optional(Type.Union([Type.Object({ note: Type.Optional(Note) }), Type.Null()]));

/**
 * Claims on registries without GitHub sign-in: the requester asks, an administrator approves or
 * denies, the requester hears by e-mail (docs/moderation.md).
 */
const claimRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/nodes/:nodeId/claim-requests',
    {
      schema: {
        operationId: 'createClaimRequest',
        tags: ['packs'],
        summary: 'Ask the administrators to move an unclaimed pack into your publisher (no GitHub sign-in here)',
        security: bearer,
        params: NodeParams,
        body: Type.Object({
          publisher_id: Type.String({ minLength: 1, maxLength: 100 }),
          message: Type.String({
            maxLength: 2000,
            description: 'Why the pack is yours (e.g. where the administrators can check it).',
          }),
        }),
        response: { 201: ClaimRequest, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async function createClaimRequest(request, reply) {
      const viewer = await requireWriter(request);
      const created = await requestClaim(
        ctx,
        viewer,
        { nodeId: request.params.nodeId, publisherId: request.body.publisher_id, message: request.body.message },
        request.log,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/nodes/:nodeId/claim-requests',
    {
      schema: {
        operationId: 'listOwnClaimRequests',
        tags: ['packs'],
        summary: "The signed-in account's own claim requests for a pack, newest first",
        security: bearer,
        params: NodeParams,
        response: {
          200: Type.Object({ requests: Type.Array(ClaimRequest) }, { additionalProperties: false }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async function listOwnClaimRequests(request) {
      const viewer = await requireWriter(request);
      return { requests: await listOwnRequests(ctx, viewer, request.params.nodeId) };
    },
  );

  app.post(
    '/claim-requests/:requestId/check',
    {
      schema: {
        operationId: 'checkClaimRequest',
        tags: ['packs'],
        summary: "Read the claim's proof file from the pack repository now and keep what was found",
        security: bearer,
        params: RequestParams,
        response: { 200: ClaimRequest, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async function checkClaimRequest(request) {
      const viewer = await requireWriter(request);
      return checkRequest(ctx, viewer, request.params.requestId);
    },
  );

  app.get(
    '/admin/claim-requests',
    {
      schema: {
        operationId: 'listClaimRequests',
        tags: ['admin'],
        security: bearer,
        summary: 'Claim requests in a status (default pending), oldest first',
        querystring: Type.Object({
          status: Type.Optional(Status),
          page: Type.Optional(PageQuery),
          limit: Type.Optional(PageSizeQuery(20, MAX_LIMIT)),
        }),
        response: {
          200: Type.Object(
            {
              requests: Type.Array(AdminClaimRequest),
              total: Type.Integer(),
              page: Type.Integer(),
              limit: Type.Integer(),
            },
            { title: 'ClaimRequestPage', additionalProperties: false },
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async function listClaimRequests(request) {
      await requireAdmin(request);
      const { status = 'pending', page, limit } = request.query;
      return listRequests(ctx, { status, page: pageNumber(page), limit: pageSize(limit, 20, MAX_LIMIT) });
    },
  );

  for (const action of ['approve', 'deny'] as const) {
    app.post(
      `/admin/claim-requests/:requestId/${action}`,
      {
        schema: {
          operationId: action === 'approve' ? 'approveClaimRequest' : 'denyClaimRequest',
          tags: ['admin'],
          security: bearer,
          summary:
            action === 'approve'
              ? "Approve a claim request: the pack moves to the requester's publisher"
              : 'Deny a claim request; the pack stays unclaimed',
          params: RequestParams,
          body: DecisionBody,
          response: { 200: ClaimRequest, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const viewer = await requireAdmin(request);
        return decideRequest(
          ctx,
          viewer,
          request.params.requestId,
          { approve: action === 'approve', note: request.body?.note ?? '' },
          request.log,
        );
      },
    );
  }
};

export default claimRequestRoutes;
