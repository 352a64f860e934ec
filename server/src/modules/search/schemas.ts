import { type Static, Type } from 'typebox';
import { ACCELERATOR_FAMILIES, OS_FAMILIES } from '../../engines/search-index/filters.js';
import { SEARCH_SORTS } from '../../engines/search-index/query.js';
import { PageQuery, PageSizeQuery } from '../../lib/paging.js';
import { RepeatedQuery } from '../../lib/schemas.js';
import { Node } from '../catalogue/wire.js';

/** Orders `GET /nodes/search` offers: the index's own list. */
export { SEARCH_SORTS };

const literals = <const T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)));
const ShortText = Type.String({ maxLength: 200 });

export const SearchNodesQuery = Type.Object({
  search: Type.Optional(
    Type.String({
      description:
        'Words to find in pack ids, names, descriptions, authors, publishers, tags, repository URLs and comfy-node class names; matched as you type (last word as a prefix) and with typos. Texts longer than the configured maximum are cut. Empty: the whole catalogue.',
    }),
  ),
  page: Type.Optional(PageQuery),
  limit: Type.Optional(PageSizeQuery(10, 1000)),
  include_banned: Type.Optional(Type.Boolean({ description: 'Include banned packs; honoured for admins only.' })),
  comfy_node_search: Type.Optional(
    Type.String({ description: 'Only packs providing a comfy-node class whose name matches this text.' }),
  ),
  repository_url_search: Type.Optional(
    Type.String({
      maxLength: 500,
      description: 'Only packs whose repository URL contains this (scheme and case ignored).',
    }),
  ),
  supported_os: Type.Optional(
    RepeatedQuery(literals(OS_FAMILIES), {
      maxItems: 10,
      description: `Packs declaring any of these: ${OS_FAMILIES.join(', ')} (classifier spellings such as \`Microsoft :: Windows\` are accepted).`,
    }),
  ),
  supported_accelerator: Type.Optional(
    RepeatedQuery(literals(ACCELERATOR_FAMILIES), {
      maxItems: 10,
      description: `Packs declaring any of these: ${ACCELERATOR_FAMILIES.join(', ')} (classifier spellings such as \`GPU :: NVIDIA CUDA\` are accepted).`,
    }),
  ),
  publisher: Type.Optional(
    RepeatedQuery(ShortText, { maxItems: 20, description: 'Packs of any of these publisher ids.' }),
  ),
  tags: Type.Optional(
    RepeatedQuery(ShortText, { maxItems: 20, description: 'Packs carrying every one of these tags.' }),
  ),
  sort: Type.Optional(
    Type.Union(
      SEARCH_SORTS.map((s) => Type.Literal(s)),
      {
        description:
          'relevance (default): best text match, then admin ranking, then downloads and stars weighed together. The others order by their figure, most or newest first, then by relevance.',
      },
    ),
  ),
});
export type SearchNodesQueryType = Static<typeof SearchNodesQuery>;

/** Array parameters that also accept the `name[]=` spelling. */
export const REPEATED_PARAMETERS = ['supported_os', 'supported_accelerator', 'publisher', 'tags'] as const;

export const TextRange = Type.Object(
  {
    start: Type.Integer({ description: 'UTF-16 offset of the first character, as JavaScript strings count.' }),
    end: Type.Integer({ description: 'UTF-16 offset just after the last character.' }),
  },
  { title: 'TextRange', additionalProperties: false },
);

export const SearchMatch = Type.Object(
  {
    name: Type.Array(TextRange, { description: 'Spans of `name` that matched, in order, not overlapping.' }),
    description: Type.Array(TextRange, { description: 'Spans of `description` that matched.' }),
    comfy_nodes: Type.Array(
      Type.Object({ name: Type.String(), ranges: Type.Array(TextRange) }, { additionalProperties: false }),
      { description: 'Matching comfy-node classes (an exact class-name match first), at most 10.' },
    ),
    comfy_nodes_matched: Type.Integer({ description: "How many of the pack's classes matched." }),
    comfy_nodes_total: Type.Integer({ description: 'How many classes the pack provides.' }),
  },
  {
    title: 'SearchMatch',
    additionalProperties: false,
    description:
      'Why a pack matched. Spans are offsets into the strings of this answer, never markup: escape the text as usual and wrap the spans.',
  },
);

export type SearchMatchJson = Static<typeof SearchMatch>;

export const SearchNode = Type.Object(
  {
    ...Node.properties,
    search_match: Type.Optional(SearchMatch),
  },
  {
    title: 'SearchNode',
    additionalProperties: false,
    description: 'A `Node` plus why it matched (absent without search text).',
  },
);
export type SearchNodeJson = Static<typeof SearchNode>;

export const CoreComfyNode = Type.Object(
  { name: Type.String({ description: 'The class name, as ComfyUI registers it.' }) },
  {
    title: 'CoreComfyNode',
    additionalProperties: false,
    description: 'A comfy-node class that ships with ComfyUI itself: no pack is needed for it.',
  },
);

/** The `/nodes` envelope with search hits. */
export const SearchNodesPage = Type.Object(
  {
    total: Type.Integer(),
    nodes: Type.Array(SearchNode),
    page: Type.Integer(),
    limit: Type.Integer(),
    totalPages: Type.Integer(),
    core_comfy_nodes: Type.Optional(
      Type.Array(CoreComfyNode, {
        description:
          'Present when the search text (or `comfy_node_search`) names a class built into ComfyUI, in any case or spacing (`ksampler`): that class, which needs no pack. The packs in `nodes` merely register a class of that name too.',
      }),
    ),
  },
  { title: 'SearchNodesPage', additionalProperties: false },
);
export type SearchNodesPageJson = Static<typeof SearchNodesPage>;

export const SuggestionsQuery = Type.Object({
  q: Type.Optional(Type.String({ description: 'The text typed so far; empty: the most popular searches.' })),
});

export const Suggestion = Type.Object(
  {
    text: Type.String({ description: 'What to put in the search box.' }),
    kind: Type.Union([Type.Literal('query'), Type.Literal('pack'), Type.Literal('class')], {
      description:
        '`query`: a popular search; `pack`: a pack name; `class`: a comfy-node class name holding the typed words (searching it lists the packs that provide it).',
    }),
    node_id: Type.Optional(
      Type.String({ description: 'The pack, for `pack` suggestions; for `class`, the pack whose class it is.' }),
    ),
  },
  { title: 'SearchSuggestion', additionalProperties: false },
);
export type SuggestionJson = Static<typeof Suggestion>;

export const SuggestionsResponse = Type.Object(
  { suggestions: Type.Array(Suggestion, { maxItems: 6 }) },
  { title: 'SearchSuggestions', additionalProperties: false },
);
