import type { FastifyPluginAsync } from 'fastify';
import { rejectNulCharacters } from '../nul-guard.js';
import memberRoutes from './members.js';
import publisherRoutes from './publishers.js';

/** Every publisher route: profiles and members. */
const publishersModule: FastifyPluginAsync = async (app) => {
  app.addHook('preValidation', rejectNulCharacters);
  await app.register(publisherRoutes);
  await app.register(memberRoutes);
};

export default publishersModule;
