import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { checkReadiness } from './readiness.js';

const Readiness = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
    failing: Type.Array(Type.String(), { description: 'Names of the checks that do not hold.' }),
    checks: Type.Array(
      Type.Object({
        name: Type.String({ description: '`database`, `migrations`, `search`, `disk` or `storage`.' }),
        ok: Type.Boolean(),
        message: Type.String({ description: 'What is wrong; empty when the check holds.' }),
      }),
    ),
  },
  { title: 'Readiness' },
);

/**
 * `/health` says the process answers (liveness: restart it when this fails); `/ready` says it can
 * serve (readiness: send it traffic only while this answers 200).
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Liveness: the process answers',
        description:
          'Answers `OK` whenever the process can answer at all. It does not look at the database: restarting the process would not bring a database back. Use `/ready` to decide whether to send traffic.',
        response: { 200: Type.String() },
      },
    },
    async (_request, reply) => reply.type('text/plain').send('OK'),
  );

  app.get(
    '/ready',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['system'],
        summary:
          'Readiness: database reachable, migrations applied, search index built, DATA_DIR writable with room, archive store answering',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      const checks = await checkReadiness(app.ctx);
      const failing = checks.filter((c) => !c.ok).map((c) => c.name);
      if (failing.length > 0) app.log.warn({ failing }, 'not ready');
      return reply
        .code(failing.length === 0 ? 200 : 503)
        .send({ status: failing.length === 0 ? 'ready' : 'not ready', failing, checks });
    },
  );
};

export default healthRoutes;
