import type { FastifyPluginAsync } from 'fastify';
import adminModule from './admin/routes/index.js';
import appealRoutes from './appeals/routes.js';
import accountDeletionRoutes from './auth/routes/account-deletion.js';
import authRoutes from './auth/routes/index.js';
import usersRoutes from './auth/routes/users.js';
import bulkRoutes from './bulk/routes.js';
import claimRequestRoutes from './claim-requests/routes.js';
import claimRoutes from './claims/routes.js';
import codeRoutes from './code/routes.js';
import resolveRoutes from './comfy-nodes/resolve-routes.js';
import comfyNodesRoutes from './comfy-nodes/routes.js';
import filesRoutes from './files/routes.js';
import healthRoutes from './health/routes.js';
import installPlanRoutes from './install-plan/routes.js';
import metricsModule from './metrics/routes.js';
import mirrorRoutes from './mirror/routes.js';
import nodesRoutes from './nodes/routes/index.js';
import versionsRoutes from './nodes/routes/versions.js';
import packsModule from './packs/routes/index.js';
import publishersModule from './publishers/routes/index.js';
import publishingRoutes from './publishing/routes/index.js';
import readmeRoutes from './readme/routes.js';
import reviewRoutes from './reviews/routes.js';
import searchModule from './search/routes/index.js';
import tokenRoutes from './tokens/routes.js';
import trustRoutes from './trust/routes.js';
import trustedPublishingRoutes from './trusted-publishing/routes.js';

/**
 * Every API module's routes, registered in this order; a module sets up what its routes share
 * (hooks, services) and registers its route files. Which file serves which URL is in the route
 * table, `./routes.ts`. Each module owns its folder: routes (HTTP and schemas) → service (rules) →
 * repository (SQL).
 */
export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  metricsModule,
  authRoutes,
  usersRoutes,
  accountDeletionRoutes,
  publishersModule,
  tokenRoutes,
  trustedPublishingRoutes,
  packsModule,
  publishingRoutes,
  reviewRoutes,
  claimRoutes,
  claimRequestRoutes,
  appealRoutes,
  searchModule,
  nodesRoutes,
  versionsRoutes,
  readmeRoutes,
  trustRoutes,
  comfyNodesRoutes,
  resolveRoutes,
  installPlanRoutes,
  filesRoutes,
  codeRoutes,
  bulkRoutes,
  adminModule,
  mirrorRoutes,
];
