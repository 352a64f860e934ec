import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { SuggestionsQuery, SuggestionsResponse } from '../schemas.js';
import type { SearchServices } from '../service.js';
import { suggestSearches } from '../suggestions/service.js';

/** `GET /nodes/search/suggestions?q=`: completions for a search box. */
export function suggestionsRoute(services: SearchServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/nodes/search/suggestions',
      {
        schema: {
          operationId: 'listSearchSuggestions',
          tags: ['search'],
          summary: 'Suggest searches as the user types',
          description:
            'Up to 6 completions: popular searches (counted anonymously per day; only texts searched several times are offered), comfy-node class names holding the typed words, and pack names matching the text as typed.',
          querystring: SuggestionsQuery,
          response: { 200: SuggestionsResponse, ...errorResponses(400) },
        },
      },
      async function listSearchSuggestions(request) {
        return { suggestions: await suggestSearches(services, request.query.q ?? '') };
      },
    );
  };
}
