import { normalizeRepositoryUrl } from '../../lib/repository-url.js';
import { DESCRIPTION_MAX_LENGTH } from '../catalogue/pack-columns.js';
import { isRecord, type ManagerCatalogue } from './manager-files.js';
import { isValidNodeId, lastPathSegment, repairNodeId } from './node-id.js';
import { htmlToPlainText, truncateText } from './text.js';

/** A pack as the catalogue describes it, already cleaned into registry values. */
export interface PlannedPack {
  /** Position in `custom_nodes`, from 0. */
  index: number;
  id: string;
  normalizedId: string;
  name: string;
  description: string;
  author: string;
  repositoryUrl: string;
  normalizedRepository: string;
  tags: string[];
  githubStars: number;
  /** Node class names from the node map, deduplicated. */
  classNames: string[];
  /** The node map's `nodename_pattern` for the pack, if any. */
  classPattern: string | null;
  /**
   * Other ids the pack is known by, lower-cased: the id the public registry derives from the
   * repository name (`rgthree-comfy` for the Manager's `rgthree`), when it differs from `id`.
   */
  repositoryAlias: string | null;
  /** The Manager's id, lower-cased (differs from `normalizedId` only when it had to be repaired). */
  managerId: string | null;
}

/** Why an entry of the list was not imported. */
export type SkipReason = 'invalid-entry' | 'invalid-id' | 'duplicate-id' | 'repository-registered' | 'taken-upstream';

export interface SkippedEntry {
  reason: SkipReason;
  /** The id the entry asked for or that was derived, when there is one. */
  id: string;
  /** Position in `custom_nodes`, from 0. */
  index: number;
  detail: string;
}

export interface ImportPlan {
  packs: PlannedPack[];
  skipped: SkippedEntry[];
  /** Ids that had to be rewritten to satisfy the node-id rules. */
  rewrittenIds: { from: string; to: string }[];
  /** Packs whose description was longer than a pack's may be, imported cut to the limit. */
  truncatedDescriptions: { id: string; length: number }[];
}

/**
 * Turns the catalogue into the packs to import, in file order. Ids come from the entry's `id`,
 * else from the repository URL's last path segment; the first entry to claim an id (compared
 * case-insensitively) wins and later ones are skipped, so the outcome depends only on the file.
 */
export function planImport(catalogue: ManagerCatalogue): ImportPlan {
  const packs: PlannedPack[] = [];
  const skipped: SkippedEntry[] = [];
  const rewrittenIds: { from: string; to: string }[] = [];
  const truncatedDescriptions: { id: string; length: number }[] = [];
  const taken = new Map<string, { index: number; reference: string }>();

  catalogue.entries.forEach((entry, index) => {
    const reference = isRecord(entry) && typeof entry.reference === 'string' ? entry.reference.trim() : '';
    if (!isRecord(entry) || reference === '') {
      skipped.push({ reason: 'invalid-entry', id: '', index, detail: 'not an object with a "reference" URL' });
      return;
    }
    const explicitId = typeof entry.id === 'string' ? entry.id.trim() : '';
    const wanted = explicitId || lastPathSegment(reference);
    const id = repairNodeId(wanted);
    if (!id) {
      skipped.push({
        reason: 'invalid-id',
        id: wanted,
        index,
        detail: `no valid node id can be made from "${wanted}"`,
      });
      return;
    }
    if (!isValidNodeId(wanted)) rewrittenIds.push({ from: wanted, to: id });
    const normalizedId = id.toLowerCase();
    const first = taken.get(normalizedId);
    if (first !== undefined) {
      skipped.push({
        reason: 'duplicate-id',
        id,
        index,
        detail: `${reference} has the same id as entry ${first.index} (${first.reference})`,
      });
      return;
    }
    taken.set(normalizedId, { index, reference });

    const lookupKeys = [reference, ...stringList(entry.files)].map(normalizeRepositoryUrl);
    const title = typeof entry.title === 'string' ? entry.title.trim() : '';
    const fullDescription = typeof entry.description === 'string' ? htmlToPlainText(entry.description) : '';
    // Over-long descriptions are cut to what a pack may hold rather than failing or skipping the pack.
    const description = truncateText(fullDescription, DESCRIPTION_MAX_LENGTH);
    if (description !== fullDescription) truncatedDescriptions.push({ id, length: fullDescription.length });
    packs.push({
      index,
      id,
      normalizedId,
      name: title || id,
      description,
      author: typeof entry.author === 'string' ? entry.author.trim() : '',
      repositoryUrl: reference,
      normalizedRepository: normalizeRepositoryUrl(reference),
      tags: [
        ...new Set(
          stringList(entry.tags)
            .map((t) => t.trim())
            .filter((t) => t.length > 0),
        ),
      ],
      githubStars: firstHit(catalogue.stars, lookupKeys) ?? 0,
      classNames: firstHit(catalogue.classNames, lookupKeys) ?? [],
      classPattern: firstHit(catalogue.classPatterns, lookupKeys) ?? null,
      repositoryAlias: otherId(lastPathSegment(reference), normalizedId),
      managerId: explicitId ? otherId(explicitId, normalizedId) : null,
    });
  });
  return { packs, skipped, rewrittenIds, truncatedDescriptions };
}

/** `raw` lower-cased when it is a valid id other than `own`, else null. */
function otherId(raw: string, own: string): string | null {
  const id = raw.trim().toLowerCase();
  return id !== own && isValidNodeId(id) ? id : null;
}

/** The value for the first key present: the repository URL, then the files the Manager installs. */
function firstHit<T>(map: Map<string, T>, keys: string[]): T | undefined {
  for (const key of keys) {
    const value = map.get(key);
    if (value !== undefined) return value;
  }
  return undefined;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
