/** What a sequential walk of `GET /nodes` saw. */
export interface CatalogueWalk {
  pages: number;
  total: number;
  /** Wall time of the whole walk, one request after another on one keep-alive connection. */
  ms: number;
  /** Slowest single page. */
  slowestPageMs: number;
  ids: string[];
  /** Ids of packs whose answer carried a `latest_version` (they have an installable version). */
  installable: string[];
}

interface NodesPage {
  total: number;
  totalPages: number;
  nodes: { id: string; latest_version?: unknown }[];
}

/**
 * Walks the catalogue the way ComfyUI-Manager does: `GET /nodes?page=N&limit=30` from page 1
 * until `page >= totalPages` (or `maxPages`, for a warm-up), one request at a time.
 */
export async function walkCatalogue(
  url: string,
  limit = 30,
  maxPages = Number.POSITIVE_INFINITY,
): Promise<CatalogueWalk> {
  const ids: string[] = [];
  const installable: string[] = [];
  let slowest = 0;
  let totalPages = 1;
  let total = 0;
  const started = performance.now();
  for (let page = 1; page <= Math.min(totalPages, maxPages); page++) {
    const pageStarted = performance.now();
    const response = await fetch(`${url}/nodes?page=${page}&limit=${limit}`);
    const text = await response.text();
    slowest = Math.max(slowest, performance.now() - pageStarted);
    if (response.status !== 200) {
      throw new Error(`GET /nodes?page=${page}&limit=${limit} answered ${response.status}: ${text.slice(0, 200)}`);
    }
    const body = JSON.parse(text) as NodesPage;
    totalPages = body.totalPages;
    total = body.total;
    for (const node of body.nodes) {
      ids.push(node.id);
      if (node.latest_version) installable.push(node.id);
    }
  }
  return { pages: totalPages, total, ms: performance.now() - started, slowestPageMs: slowest, ids, installable };
}
