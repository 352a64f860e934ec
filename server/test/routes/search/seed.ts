import type { Insertable } from 'kysely';
import type { NodesTable } from '../../../src/db/schema.js';
import type { TestApp } from '../../helpers/app.js';
import { type SeededPack, seedComfyNode, seedPack, type VersionSpec } from '../../helpers/catalogue.js';

/** A pack to seed for search tests: node values, versions, and class names of its latest version. */
export interface SearchPackSpec {
  id: string;
  node?: Partial<Insertable<NodesTable>>;
  versions?: VersionSpec[];
  /** Class names of the latest version (or, without versions, imported ones). */
  classes?: string[];
}

/**
 * Seeds packs and brings the app's search index up to date, as the writers' change
 * announcements would (the factories write rows directly).
 */
export async function seedSearchPacks(t: TestApp, specs: SearchPackSpec[]): Promise<SeededPack[]> {
  const seeded: SeededPack[] = [];
  for (const spec of specs) {
    const pack = await seedPack(t, {
      id: spec.id,
      ...(spec.node ? { node: spec.node } : {}),
      ...(spec.versions ? { versions: spec.versions } : {}),
    });
    const latest = pack.node.latest_version_id;
    for (const name of spec.classes ?? []) {
      await seedComfyNode(t, {
        node_id: pack.node.id,
        name,
        node_version_id: latest,
        source: latest ? 'archive' : 'manager-import',
      });
    }
    seeded.push(pack);
  }
  await t.ctx.search.refresh(specs.map((s) => s.id));
  return seeded;
}

/** The ids of a search answer's packs, in order. */
export function ids(body: { nodes: { id: string }[] }): string[] {
  return body.nodes.map((n) => n.id);
}
