import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ExtractedComfyNode } from '../../engines/archive/types.js';
import { newId } from '../../lib/ids.js';

/** Rows per INSERT: 17 columns × 400 stays far below both dialects' parameter limits. */
const CHUNK = 400;

/**
 * Replaces the comfy-node definitions extracted from a version's archive. Deleting first makes a
 * re-run of the job produce the same rows rather than duplicates. A class name defined twice in
 * one archive keeps its first definition (the name is unique per version).
 */
export async function replaceExtractedComfyNodes(
  trx: Transaction<Database>,
  nodeId: string,
  versionId: string,
  nodes: ExtractedComfyNode[],
): Promise<number> {
  await trx
    .deleteFrom('comfy_nodes')
    .where('node_version_id', '=', versionId)
    .where('source', '=', 'archive')
    .execute();
  const seen = new Set<string>();
  const unique = nodes.filter((n) => n.name.length > 0 && !seen.has(n.name) && seen.add(n.name));
  const now = new Date().toISOString();
  for (let i = 0; i < unique.length; i += CHUNK) {
    await trx
      .insertInto('comfy_nodes')
      .values(
        unique.slice(i, i + CHUNK).map((n) => ({
          id: newId(),
          node_id: nodeId,
          node_version_id: versionId,
          source: 'archive' as const,
          name: n.name,
          display_name: n.displayName,
          category: n.category,
          description: n.description,
          input_types: n.inputTypes,
          return_types: n.returnTypes,
          return_names: n.returnNames,
          output_is_list: JSON.stringify(n.outputIsList),
          function: n.function,
          output_node: n.outputNode,
          deprecated: n.deprecated,
          experimental: n.experimental,
          source_file: n.sourceFile,
          created_at: now,
        })),
      )
      .execute();
  }
  return unique.length;
}
