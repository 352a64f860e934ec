import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/routes/index.js';
import healthRoutes from './health/routes.js';
import usersRoutes from './users/routes.js';

/**
 * Every API module's routes, registered in this order. Each module owns its folder:
 * routes (HTTP and schemas) → service (rules) → repository (SQL).
 */
export const apiModules: FastifyPluginAsync[] = [healthRoutes, authRoutes, usersRoutes];
