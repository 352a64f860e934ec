import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { compoundKey } from '../../engines/search-index/stored-pack.js';
import { coreClassNames } from '../comfy-nodes/core-nodes.js';

/** The core class names of one set, by their letters (`ksampler` → `KSampler`). */
const byLetters = new WeakMap<ReadonlySet<string>, Map<string, string[]>>();

/**
 * The classes that ship with ComfyUI that a search text names whole, in any case or spacing
 * (`KSampler`, `ksampler`, `Checkpoint Loader Simple`): a search for a core class should say it
 * is built in before listing the packs that happen to register a class of that name.
 */
export async function coreClassesNamed(db: Kysely<Database>, text: string): Promise<string[]> {
  const key = compoundKey(text);
  if (key === '') return [];
  const names = await coreClassNames(db);
  let index = byLetters.get(names);
  if (!index) {
    index = new Map();
    for (const name of names) {
      const letters = compoundKey(name);
      const list = index.get(letters);
      if (list) list.push(name);
      else index.set(letters, [name]);
    }
    for (const list of index.values()) list.sort();
    byLetters.set(names, index);
  }
  return index.get(key) ?? [];
}
