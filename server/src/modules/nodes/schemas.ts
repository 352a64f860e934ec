import { type Static, Type } from 'typebox';
import { PageQuery, PageSizeQuery } from '../../lib/paging.js';
import { RepeatedQuery } from '../../lib/schemas.js';
import { SORT_NAMES } from './list-order.js';

/**
 * A pack id in a path. Ids are 1–100 letters, digits, `.`, `_` and `-`; anything else (slashes,
 * encoded traversal, 101+ characters) is a 400 before any lookup.
 */
export const NodeIdString = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' });

export const NodeIdParams = Type.Object({ nodeId: NodeIdString });
export type NodeIdParamsType = Static<typeof NodeIdParams>;

/** A version string in a path; normalised (`v1.2` → `1.2.0`) before lookup. */
export const VersionString = Type.String({ minLength: 1, maxLength: 100 });

export const NodeVersionParams = Type.Object({ nodeId: NodeIdString, version: VersionString });

const FilterValue = Type.String({ minLength: 1, maxLength: 100 });
const SortValue = Type.String({ minLength: 1, maxLength: 40 });
const sortDescription = `Order: ${SORT_NAMES.join(', ')}; optionally \`;asc\` or \`;desc\` (a bare name sorts most/best first, names A→Z). Repeat for tie-breaks; the default order (ranking, downloads, id) always follows.`;

export const ListNodesQuery = Type.Object({
  page: Type.Optional(PageQuery),
  limit: Type.Optional(PageSizeQuery(10, 1000)),
  sort: Type.Optional(RepeatedQuery(SortValue, { maxItems: 5, description: sortDescription })),
  'sort[]': Type.Optional(RepeatedQuery(SortValue, { maxItems: 5, description: 'Same as `sort`.' })),
  supported_os: Type.Optional(
    RepeatedQuery(FilterValue, { maxItems: 10, description: 'Packs whose declared OS list mentions it.' }),
  ),
  supported_accelerator: Type.Optional(
    RepeatedQuery(FilterValue, { maxItems: 10, description: 'Packs whose declared accelerator list mentions it.' }),
  ),
  node_id: Type.Optional(RepeatedQuery(NodeIdString, { maxItems: 100, description: 'Only these packs.' })),
  'node_id[]': Type.Optional(RepeatedQuery(NodeIdString, { maxItems: 100, description: 'Same as `node_id`.' })),
  timestamp: Type.Optional(
    Type.String({ format: 'date-time', description: 'RFC 3339: only packs created or updated after it.' }),
  ),
  include_banned: Type.Optional(Type.Boolean({ description: 'Include banned packs; honoured for admins only.' })),
  comfyui_version: Type.Optional(Type.String({ maxLength: 200, description: 'Sent by ComfyUI-Manager; ignored.' })),
  form_factor: Type.Optional(Type.String({ maxLength: 200, description: 'Sent by ComfyUI-Manager; ignored.' })),
  latest: Type.Optional(Type.String({ maxLength: 20, description: 'Accepted and ignored: answers are always fresh.' })),
});
export type ListNodesQueryType = Static<typeof ListNodesQuery>;

export const GetNodeQuery = Type.Object({
  include_translations: Type.Optional(Type.Boolean({ description: 'Add `translations` to the answer.' })),
});

/** Response-map entries for the redirect and the revalidation answers of cached reads. */
export const cachedReadResponses = {
  304: Type.Null({ description: 'Not modified: the `If-None-Match` tag is current.' }),
};
export const redirectResponse = {
  302: Type.Null({
    description: 'The id differs from the canonical one only in case; `Location` has the canonical URL.',
  }),
};

export const DailyDownloads = Type.Object(
  { day: Type.String({ description: 'UTC day, YYYY-MM-DD.' }), count: Type.Integer() },
  { title: 'DailyDownloads', additionalProperties: false },
);

export const DownloadsQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 90, description: 'Days up to today (UTC).' })),
});
