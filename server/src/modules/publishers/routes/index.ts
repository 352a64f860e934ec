import type { FastifyPluginAsync } from 'fastify';
import invitationRoutes from './invitations.js';
import memberRoutes from './members.js';
import publisherRoutes from './publishers.js';

/** Every publisher route: profiles, members and invitations. */
const publishersModule: FastifyPluginAsync = async (app) => {
  await app.register(publisherRoutes);
  await app.register(memberRoutes);
  await app.register(invitationRoutes);
};

export default publishersModule;
