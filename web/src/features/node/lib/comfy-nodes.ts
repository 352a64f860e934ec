/** The comfy-nodes whose name, display name or category contain the query (case-insensitive). */
export function filterComfyNodes<T extends { comfy_node_name: string; display_name: string; category: string }>(
  nodes: T[],
  query: string,
): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return nodes;
  return nodes.filter((n) =>
    [n.comfy_node_name, n.display_name, n.category].some((field) => field.toLocaleLowerCase().includes(needle)),
  );
}

/** Show a filter box above this many definitions. */
export const FILTER_THRESHOLD = 8;
