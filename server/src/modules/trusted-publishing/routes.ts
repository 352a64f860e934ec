import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.js';
import { requireViewer, requireWriter } from '../auth/viewer.js';
import { bearer, PublisherParams } from '../publishers/schemas.js';
import {
  addTrustedPublisher,
  exchangeIdentityToken,
  listTrustedPublishers,
  removeTrustedPublisher,
} from './service.js';

const tags = ['trusted publishing'];

const TrustedPublisher = Type.Object(
  {
    id: Type.String(),
    issuer: Type.String({ description: 'The OpenID Connect issuer whose tokens it accepts.' }),
    repository: Type.String({ description: '`owner/name`, lowercased.' }),
    workflow: Type.String({ description: 'The workflow file, e.g. `.github/workflows/publish.yml`.' }),
    environment: Type.String({ description: 'The environment the job must run in; empty: any.' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'TrustedPublisher', additionalProperties: false },
);

const TrustedPublisherBody = Type.Object(
  {
    issuer: Type.Optional(
      Type.String({
        maxLength: 2000,
        description:
          "The issuer URL; absent or empty: this registry's (`TRUSTED_PUBLISHING_ISSUER`, GitHub Actions by default).",
      }),
    ),
    repository: Type.String({
      minLength: 3,
      maxLength: 140,
      pattern: '^[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}$',
      description: 'The repository the workflow runs in, `owner/name`.',
    }),
    workflow: Type.String({
      minLength: 5,
      maxLength: 200,
      pattern: '^(\\.github/workflows/)?[A-Za-z0-9._-]+\\.ya?ml$',
      description: 'The workflow file: `.github/workflows/publish.yml`, or just `publish.yml`.',
    }),
    environment: Type.Optional(
      Type.String({
        maxLength: 255,
        pattern: '^[A-Za-z0-9 _.-]*$',
        description: 'Accept only jobs running in this GitHub environment; absent or empty: any.',
      }),
    ),
  },
  { title: 'TrustedPublisherRequest', additionalProperties: false },
);

const ExchangeResponse = Type.Object(
  {
    personal_access_token: Type.String({
      description:
        'Publishes one version of this publisher, once: send it as `personal_access_token` to `POST /publishers/{publisherId}/nodes/{nodeId}/versions`.',
    }),
    expires_at: Type.String({ format: 'date-time' }),
    publisher_id: Type.String(),
  },
  { title: 'TrustedPublishingCredential', additionalProperties: false },
);

/**
 * Trusted publishing (docs/publishing.md): a publisher's owners register the CI workflows that
 * may publish (like tokens, owners and admins only), and a job of such a workflow exchanges its
 * identity token for a one-version publish credential.
 */
const trustedPublishingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.get(
    '/publishers/:publisherId/trusted-publishers',
    {
      schema: {
        operationId: 'listTrustedPublishers',
        tags,
        summary: "A publisher's trusted publishers",
        security: bearer,
        params: PublisherParams,
        response: { 200: Type.Array(TrustedPublisher), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listTrustedPublishers(ctx, await requireViewer(request), request.params.publisherId),
  );

  app.post(
    '/publishers/:publisherId/trusted-publishers',
    {
      schema: {
        operationId: 'createTrustedPublisher',
        tags,
        summary: 'Register a CI workflow that may publish with its identity token',
        security: bearer,
        params: PublisherParams,
        body: TrustedPublisherBody,
        response: { 201: TrustedPublisher, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await addTrustedPublisher(
        ctx,
        await requireWriter(request),
        request.params.publisherId,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/publishers/:publisherId/trusted-publishers/:trustedPublisherId',
    {
      schema: {
        operationId: 'deleteTrustedPublisher',
        tags,
        summary: 'Remove a trusted publisher; credentials it was exchanged for stop working',
        security: bearer,
        params: Type.Object({
          publisherId: PublisherParams.properties.publisherId,
          trustedPublisherId: Type.String({ format: 'uuid', description: 'The id from the list.' }),
        }),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeTrustedPublisher(
        ctx,
        await requireWriter(request),
        request.params.publisherId,
        request.params.trustedPublisherId,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/publishers/:publisherId/trusted-publishers/exchange',
    {
      schema: {
        operationId: 'exchangeTrustedPublishingToken',
        tags,
        summary: "Exchange a CI job's OpenID Connect identity token for a one-version publish credential",
        description:
          'No sign-in: the identity token is the proof. It must be from the configured issuer, for this ' +
          "registry's audience, unexpired, never exchanged before, and match one of the publisher's trusted " +
          'publishers (repository, workflow file, environment). The credential expires within minutes. ' +
          'An address with too many refused exchanges in 10 minutes is answered 429 until the window ends.',
        params: PublisherParams,
        body: Type.Object(
          { token: Type.String({ minLength: 1, maxLength: 20_000, description: 'The identity token (a JWT).' }) },
          { title: 'TrustedPublishingExchange' },
        ),
        response: { 201: ExchangeResponse, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const grant = await exchangeIdentityToken(ctx, request.params.publisherId, request.body.token, request.ip);
      return reply.code(201).send(grant);
    },
  );
};

export default trustedPublishingRoutes;
