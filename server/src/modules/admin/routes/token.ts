import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { gone } from '../../../lib/errors.js';
import { errorResponses } from '../../../lib/schemas.js';
import { requireAdmin } from '../../auth/viewer.js';

/** The public registry's second "admin JWT" is not needed here; its old endpoint says so. */
const adminTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/generate-token',
    {
      schema: {
        operationId: 'generateAdminToken',
        tags: ['admin'],
        summary: 'Gone: admin actions use the normal identity token',
        response: { ...errorResponses(401, 403, 410) },
      },
    },
    async function generateAdminToken(request) {
      await requireAdmin(request);
      throw gone(
        'Admin tokens are not used by this registry',
        'admin actions accept the normal identity token of an account with isAdmin; no separate token is needed',
      );
    },
  );
};

export default adminTokenRoutes;
