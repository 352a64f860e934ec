import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { UUID_PATTERN } from '../../lib/ids.js';
import { errorResponses } from '../../lib/schemas.js';
import { requireViewer, requireWriter } from '../auth/viewer.js';
import { bearer } from '../publishers/schemas.js';
import { AppealMessage, AppealThread, MessageBody } from './schemas.js';
import { postPublisherMessage, publisherThread } from './service.js';

const PublisherVersionParams = Type.Object({
  publisherId: Type.String({ minLength: 1, maxLength: 200 }),
  nodeId: Type.String({ minLength: 1, maxLength: 200 }),
  versionId: Type.String({ pattern: UUID_PATTERN }),
});

const publisherPath = '/publishers/:publisherId/nodes/:nodeId/versions/:versionId/appeal';

/**
 * Appeals of held versions, the publisher's side: its members read the thread and write from the
 * pack's management page. The administrators' side is `admin/routes/appeals.ts`
 * (docs/moderation.md, "Appeals").
 */
const appealRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    publisherPath,
    {
      schema: {
        operationId: 'getVersionAppeal',
        tags: ['publishing'],
        summary: "A version's appeal thread, for the publisher's members and admins",
        security: bearer,
        params: PublisherVersionParams,
        response: { 200: AppealThread, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async function getVersionAppeal(request) {
      return publisherThread(ctx, await requireViewer(request), request.params);
    },
  );

  app.post(
    publisherPath,
    {
      schema: {
        operationId: 'postVersionAppealMessage',
        tags: ['publishing'],
        summary: 'Write to the reviewers about a held version; every administrator is mailed',
        description: 'At most 20 messages a day per account (429 `appeal.message_limit`, with `Retry-After`).',
        security: bearer,
        params: PublisherVersionParams,
        body: MessageBody,
        response: { 201: AppealMessage, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
      // Who may write is checked before the body is read: anonymous callers get 401, not 400.
      preValidation: async (request) => {
        await requireWriter(request);
      },
    },
    async function postVersionAppealMessage(request, reply) {
      const viewer = await requireWriter(request);
      const message = await postPublisherMessage(ctx, viewer, request.params, request.body.body, request.log);
      return reply.code(201).send(message);
    },
  );
};

export default appealRoutes;
