import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { UUID_PATTERN } from '../../../lib/ids.js';
import { errorResponses } from '../../../lib/schemas.js';
import { requireViewer } from '../../auth/viewer.js';
import { getProcessingStatus } from '../processing-service.js';
import { ProcessingStatus } from '../schemas.js';

/** `GET .../versions/{versionId}/processing`: what the web app polls after an upload. */
const processingStatusRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/publishers/:publisherId/nodes/:nodeId/versions/:versionId/processing',
    {
      schema: {
        operationId: 'getVersionProcessing',
        tags: ['publishing'],
        summary: "Follow a version's archive through processing",
        description:
          'For members of the publisher and admins. `stage` moves from `awaiting_upload`/`queued` through ' +
          '`validating` and `extracting` to `done` or `failed`; `status` and `status_reason` are the outcome, ' +
          'with `findings` when the version was Flagged.',
        security: [{ BearerAuth: [] }],
        params: Type.Object({
          publisherId: Type.String({ minLength: 1, maxLength: 200 }),
          nodeId: Type.String({ minLength: 1, maxLength: 200 }),
          versionId: Type.String({ pattern: UUID_PATTERN }),
        }),
        response: { 200: ProcessingStatus, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async function getVersionProcessing(request) {
      const viewer = await requireViewer(request);
      return getProcessingStatus(app.ctx, viewer, request.params);
    },
  );
};

export default processingStatusRoute;
