import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseJsonArray, toBool } from '../../db/values.js';
import type { PythonRequirementJson } from './wire.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per INSERT: 14 columns × 200 stays below both dialects' parameter limits. */
const CHUNK = 200;

/**
 * Replaces the Python requirements stored for a version (deleting first, so running the pipeline
 * twice stores the same rows). The order given is kept: it is the order pip reads them in.
 */
export async function saveVersionRequirements(
  db: Db,
  versionId: string,
  entries: PythonRequirementJson[],
): Promise<void> {
  await db.deleteFrom('node_version_requirements').where('node_version_id', '=', versionId).execute();
  for (let i = 0; i < entries.length; i += CHUNK) {
    await db
      .insertInto('node_version_requirements')
      .values(
        entries.slice(i, i + CHUNK).map((e, j) => ({
          node_version_id: versionId,
          position: i + j,
          kind: e.kind,
          name: e.name,
          specifier: e.specifier,
          extras: JSON.stringify(e.extras),
          markers: e.markers,
          url: e.url,
          option: e.option,
          editable: e.editable,
          source_file: e.source_file,
          line: e.line,
          text: e.text,
          problem: e.problem,
        })),
      )
      .execute();
  }
}

/** The stored requirements of each version asked for, in pip's order; versions without any map to []. */
export async function listVersionRequirements(
  db: Db,
  versionIds: readonly string[],
): Promise<Map<string, PythonRequirementJson[]>> {
  const out = new Map<string, PythonRequirementJson[]>(versionIds.map((id) => [id, []]));
  if (versionIds.length === 0) return out;
  const rows = await db
    .selectFrom('node_version_requirements')
    .selectAll()
    .where('node_version_id', 'in', [...versionIds])
    .orderBy('node_version_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    out.get(row.node_version_id)?.push({
      kind: row.kind,
      name: row.name,
      specifier: row.specifier,
      extras: parseJsonArray(row.extras),
      markers: row.markers,
      url: row.url,
      option: row.option,
      editable: toBool(row.editable),
      source_file: row.source_file,
      line: Number(row.line),
      text: row.text,
      problem: row.problem,
    });
  }
  return out;
}
