import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.js';

/** Liveness: answers `OK` when the process and its database respond. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: Type.String(), ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.ctx.db);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).type('application/json').send({ message: 'Database unavailable', error: '' });
      }
      return reply.type('text/plain').send('OK');
    },
  );
};

export default healthRoutes;
