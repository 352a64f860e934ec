import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { requireWriter } from '../../auth/viewer.js';
import { Node } from '../../catalogue/wire.js';
import { NodeIdParams } from '../../nodes/schemas.js';
import { bearer } from '../../publishers/schemas.js';
import { setTranslations } from '../translations-service.js';

/** A BCP 47 language tag such as `zh`, `pt-BR` or `zh-Hant`. */
const Locale = Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$', maxLength: 35 });

const TranslationsBody = Type.Object(
  {
    data: Type.Record(Locale, Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 50 }), {
      maxProperties: 100,
      additionalProperties: false,
      description: 'Translated pack fields by locale; each locale given replaces that locale’s entry.',
    }),
  },
  { additionalProperties: false },
);

/** `POST /nodes/{nodeId}/translations`, as in the public registry's contract. */
const translationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/nodes/:nodeId/translations',
    {
      schema: {
        operationId: 'createNodeTranslations',
        tags: ['packs'],
        summary: 'Set translations of a pack (its publisher’s members who manage packs, admins)',
        security: bearer,
        params: NodeIdParams,
        body: TranslationsBody,
        response: { 201: Node, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireWriter(request);
      const node = await setTranslations(app.ctx, viewer, request.params.nodeId, request.body.data);
      return reply.code(201).send(node);
    },
  );
};

export default translationRoutes;
