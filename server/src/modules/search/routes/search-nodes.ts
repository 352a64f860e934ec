import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { encodableBody } from '../../../engines/answer-cache/answer-cache.js';
import { chooseEncoding, varyOnEncoding } from '../../../lib/compression.js';
import { errorResponses } from '../../../lib/schemas.js';
import { optionalViewer } from '../../auth/viewer.js';
import { SearchNodesPage, SearchNodesQuery } from '../schemas.js';
import {
  countSearch,
  normalizeSearchInput,
  type SearchServices,
  type SearchTimings,
  searchNodes as searchCatalogue,
  searchKey,
} from '../service.js';
import { canonicalizeSearchQuery } from './query-values.js';

/** `GET /nodes/search`: ranked, typo-tolerant search with filters, sorting and match spans. */
export function searchNodesRoute(services: SearchServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/nodes/search',
      {
        preValidation: canonicalizeSearchQuery,
        // Time spent in the server (routing to serialisation) after the parts set by the handler,
        // for dashboards and the benchmark.
        onSend: [
          async (_request, reply) => {
            const parts = reply.getHeader('server-timing');
            const app = `app;dur=${reply.elapsedTime.toFixed(2)}`;
            reply.header('server-timing', typeof parts === 'string' ? `${parts}, ${app}` : app);
          },
        ],
        schema: {
          operationId: 'searchNodes',
          tags: ['nodes', 'search'],
          summary: 'Search packs',
          description:
            "Searches pack ids, names, descriptions, authors, publishers, tags, repository URLs and the comfy-node classes of each pack's latest version. The answer is the `/nodes` envelope; each hit also carries `search_match` (spans to highlight and the classes that matched). Deleted packs never appear; banned packs only for admins passing `include_banned=true`.",
          querystring: SearchNodesQuery,
          response: { 200: SearchNodesPage, ...errorResponses(400, 401) },
        },
      },
      async function searchNodes(request, reply) {
        const query = request.query;
        const includeBanned = query.include_banned === true && (await optionalViewer(request))?.isAdmin === true;
        const input = normalizeSearchInput(app.ctx, {
          search: query.search ?? '',
          page: query.page,
          limit: query.limit,
          includeBanned,
          comfyNodeSearch: query.comfy_node_search ?? '',
          repositoryUrlSearch: query.repository_url_search ?? '',
          os: query.supported_os ?? [],
          accelerators: query.supported_accelerator ?? [],
          publishers: query.publisher ?? [],
          tags: query.tags ?? [],
          sort: query.sort ?? 'relevance',
        });
        const timings: SearchTimings = { search: 0, load: 0, serialize: 0 };
        let built = false;
        const revision = await services.engine.revision();
        // Serialised once by this route's response schema; repeats of the search get the same bytes.
        const answer = await services.answers.get(revision, searchKey(input), async () => {
          built = true;
          const page = await searchCatalogue(app.ctx, services, input, revision, timings);
          const serializing = performance.now();
          const body = reply.serialize(page);
          timings.serialize = performance.now() - serializing;
          return { ...encodableBody(Buffer.from(body as string)), total: page.total };
        });
        countSearch(app.ctx, services, input, answer.total);
        varyOnEncoding(reply);
        const encoding = chooseEncoding(request);
        const compressing = performance.now();
        const encoded = encoding ? answer.encoded(encoding) : undefined;
        const compressed = performance.now() - compressing;
        reply.header(
          'server-timing',
          built
            ? `search;dur=${timings.search.toFixed(2)}, load;dur=${timings.load.toFixed(2)}, serialize;dur=${timings.serialize.toFixed(2)}, compress;dur=${compressed.toFixed(2)}`
            : `search;dur=0.00, load;dur=0.00, compress;dur=${compressed.toFixed(2)}, cache;desc=hit`,
        );
        if (encoded && encoding) {
          reply.header('content-encoding', encoding);
          return sendJson(reply, encoded);
        }
        return sendJson(reply, answer.body);
      },
    );
  };
}

/** Sends JSON already serialised by the route's schema (typed replies accept only the object). */
function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
