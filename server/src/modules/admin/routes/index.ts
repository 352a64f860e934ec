import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../auth/viewer.js';
import { listenForFlaggedVersions } from '../../notifications/flagged.js';
import adminAppealRoutes from './appeals.js';
import adminAuditRoutes from './audit.js';
import adminBanRoutes from './bans.js';
import adminNodeRoutes from './nodes.js';
import adminPublisherRoutes from './publishers.js';
import adminTokenRoutes from './token.js';
import adminUserRoutes from './users.js';
import adminVersionRoutes from './versions.js';

/**
 * The moderation API. Every route is for admins only, checked before the request is validated,
 * so callers without the right learn nothing about an endpoint's input rules (401, then 403).
 */
const adminModule: FastifyPluginAsync = async (app) => {
  app.addHook('preValidation', async (request) => {
    await requireAdmin(request);
  });
  // The OpenAPI document says so too: every route here needs an admin's identity token.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ BearerAuth: [] }] };
  });
  const stop = listenForFlaggedVersions(app.ctx, (err) => app.log.error({ err }, 'flag notification failed'));
  app.addHook('onClose', async () => stop());
  await app.register(adminVersionRoutes);
  await app.register(adminAppealRoutes);
  await app.register(adminNodeRoutes);
  await app.register(adminBanRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminPublisherRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminTokenRoutes);
};

export default adminModule;
