/** Version statuses as the API names them. */
export const versionStatuses = [
  'NodeVersionStatusPending',
  'NodeVersionStatusFlagged',
  'NodeVersionStatusActive',
  'NodeVersionStatusBanned',
  'NodeVersionStatusDeleted',
] as const;
export type VersionStatus = (typeof versionStatuses)[number];

/** The short URL spelling of each status (`?status=flagged`). */
const slugs: Record<VersionStatus, string> = {
  NodeVersionStatusPending: 'pending',
  NodeVersionStatusFlagged: 'flagged',
  NodeVersionStatusActive: 'active',
  NodeVersionStatusBanned: 'banned',
  NodeVersionStatusDeleted: 'deleted',
};

/** What the queue shows when the URL names no status. */
export const defaultStatuses: VersionStatus[] = ['NodeVersionStatusPending', 'NodeVersionStatusFlagged'];

/** The review queue's filters, all kept in the URL so a filtered queue can be shared. */
export interface QueueFilters {
  statuses: VersionStatus[];
  /** Exact pack id. */
  nodeId: string;
  /** Text in the status reason, pack id or name. */
  q: string;
  page: number;
}

/** The URL spelling of a status. */
export function statusSlug(status: VersionStatus): string {
  return slugs[status];
}

/** Reads the filters from a query string; unknown statuses are ignored, bad pages become 1. */
export function parseQueueParams(params: URLSearchParams): QueueFilters {
  const wanted = new Set(params.getAll('status').map((s) => s.toLowerCase()));
  const statuses = versionStatuses.filter((s) => wanted.has(slugs[s]));
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    statuses: statuses.length > 0 ? statuses : [...defaultStatuses],
    nodeId: (params.get('pack') ?? '').trim(),
    q: (params.get('q') ?? '').trim(),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The query string for some filters; defaults are left out. */
export function queueSearch(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  const isDefault =
    filters.statuses.length === defaultStatuses.length && defaultStatuses.every((s) => filters.statuses.includes(s));
  if (!isDefault) for (const s of versionStatuses) if (filters.statuses.includes(s)) params.append('status', slugs[s]);
  if (filters.nodeId) params.set('pack', filters.nodeId);
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}
