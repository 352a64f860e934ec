import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { AppealMessage, AppealThread, MessageBody } from '../../appeals/schemas.js';
import { adminThread, postAdminReply } from '../../appeals/service.js';
import { requireAdmin } from '../../auth/viewer.js';
import { VersionParams } from '../schemas.js';
import { loadVersion } from '../version-service.js';

const adminPath = '/admin/nodes/:nodeId/versions/:versionNumber/appeal';

/** The administrators' side of a held version's appeal thread (docs/moderation.md, "Appeals"). */
const adminAppealRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    adminPath,
    {
      schema: {
        operationId: 'getVersionAppealForAdmin',
        tags: ['admin'],
        summary: "A version's appeal thread with every author's address",
        params: VersionParams,
        response: { 200: AppealThread, ...errorResponses(401, 403, 404) },
      },
    },
    async function getVersionAppealForAdmin(request) {
      await requireAdmin(request);
      return adminThread(ctx, await loadVersion(ctx.db, request.params.nodeId, request.params.versionNumber));
    },
  );

  app.post(
    adminPath,
    {
      schema: {
        operationId: 'replyToVersionAppeal',
        tags: ['admin'],
        summary: "Answer a held version's publisher; the publisher's members are mailed",
        params: VersionParams,
        body: MessageBody,
        response: { 201: AppealMessage, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async function replyToVersionAppeal(request, reply) {
      const viewer = await requireAdmin(request);
      const version = await loadVersion(ctx.db, request.params.nodeId, request.params.versionNumber);
      const message = await postAdminReply(ctx, viewer, version, request.body.body, request.log);
      return reply.code(201).send(message);
    },
  );
};

export default adminAppealRoutes;
