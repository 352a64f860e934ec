import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.js';
import { NodeVersion } from '../catalogue/wire.js';
import { lookUpVersions } from './service.js';

export const MAX_BULK_ITEMS = 100;

const identifierFields = {
  node_id: Type.String({ minLength: 1, maxLength: 100 }),
  version: Type.String({ minLength: 1, maxLength: 100 }),
};
/** Extra keys in a request item are ignored; answers echo exactly `{node_id, version}`. */
const Identifier = Type.Object(identifierFields);
const EchoedIdentifier = Type.Object(identifierFields, { additionalProperties: false });

const BulkResult = Type.Object(
  {
    identifier: EchoedIdentifier,
    status: Type.Union([Type.Literal('success'), Type.Literal('not_found'), Type.Literal('error')]),
    node_version: Type.Optional(NodeVersion),
    error_message: Type.Optional(Type.String()),
  },
  { title: 'BulkNodeVersionResult', additionalProperties: false },
);

/** `POST /bulk/nodes/versions`: many version lookups in one request. */
const bulkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/bulk/nodes/versions',
    {
      // 100 identifiers are a few kilobytes; refuse anything far larger before parsing it.
      bodyLimit: 64 * 1024,
      schema: {
        operationId: 'getBulkNodeVersions',
        tags: ['versions'],
        summary: 'Look up many pack versions at once',
        description: `Up to ${MAX_BULK_ITEMS} \`{node_id, version}\` pairs; each answers \`success\`, \`not_found\` or \`error\` on its own.`,
        body: Type.Object({
          node_versions: Type.Array(Identifier, { maxItems: MAX_BULK_ITEMS }),
        }),
        response: {
          200: Type.Object({ node_versions: Type.Array(BulkResult) }, { additionalProperties: false }),
          ...errorResponses(400, 413, 415),
        },
      },
    },
    async function getBulkNodeVersions(request) {
      return { node_versions: await lookUpVersions(app.ctx, request.body.node_versions) };
    },
  );
};

export default bulkRoutes;
