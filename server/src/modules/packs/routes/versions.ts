import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { requireWriter } from '../../auth/viewer.js';
import { NodeVersion } from '../../catalogue/wire.js';
import { bearer } from '../../publishers/schemas.js';
import { VersionParams } from '../schemas.js';
import { deleteVersion, updateVersion } from '../versions-service.js';

const tags = ['packs'];

/** What a publisher may change on a published version: its changelog, deprecation, existence. */
const packVersionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.put(
    '/publishers/:publisherId/nodes/:nodeId/versions/:versionId',
    {
      schema: {
        operationId: 'updateNodeVersion',
        tags,
        summary: "Change a version's changelog or deprecation",
        security: bearer,
        params: VersionParams,
        body: Type.Object({
          changelog: Type.Optional(Type.String({ maxLength: 100_000 })),
          deprecated: Type.Optional(Type.Boolean()),
        }),
        response: { 200: NodeVersion, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateVersion(ctx, await requireWriter(request), request.params, request.body),
  );

  app.delete(
    '/publishers/:publisherId/nodes/:nodeId/versions/:versionId',
    {
      schema: {
        operationId: 'deleteNodeVersion',
        tags,
        summary: 'Delete a version (it stops being installable; the latest version is recomputed)',
        security: bearer,
        params: VersionParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteVersion(ctx, await requireWriter(request), request.params);
      return reply.code(204).send(null);
    },
  );
};

export default packVersionRoutes;
