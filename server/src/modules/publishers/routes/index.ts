import type { FastifyPluginAsync } from 'fastify';
import memberRoutes from './members.js';
import publisherRoutes from './publishers.js';

/** Every publisher route: profiles and members. */
const publishersModule: FastifyPluginAsync = async (app) => {
  await app.register(publisherRoutes);
  await app.register(memberRoutes);
};

export default publishersModule;
