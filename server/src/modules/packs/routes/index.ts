import type { FastifyPluginAsync } from 'fastify';
import packRoutes from './nodes.js';
import translationRoutes from './translations.js';
import packVersionRoutes from './versions.js';

/** Publisher-scoped pack and version management. */
const packsModule: FastifyPluginAsync = async (app) => {
  await app.register(packRoutes);
  await app.register(packVersionRoutes);
  await app.register(translationRoutes);
};

export default packsModule;
