import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health/routes.js';

/**
 * Every API module's routes, registered in this order. Each module owns its folder:
 * routes (HTTP and schemas) → service (rules) → repository (SQL).
 */
export const apiModules: FastifyPluginAsync[] = [healthRoutes];
