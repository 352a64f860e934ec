import type { FastifyPluginAsync } from 'fastify';
import { rejectNulCharacters } from '../../publishers/nul-guard.js';
import packRoutes from './nodes.js';
import packVersionRoutes from './versions.js';

/** Publisher-scoped pack and version management. */
const packsModule: FastifyPluginAsync = async (app) => {
  app.addHook('preValidation', rejectNulCharacters);
  await app.register(packRoutes);
  await app.register(packVersionRoutes);
};

export default packsModule;
