import type { PopularityFigures, SearchDocument } from '../document.js';
import { acceleratorMask, osMask } from '../filters.js';
import { analyze } from '../text/analyze.js';
import { BANNED, LIVE, SlotTable } from './slot-table.js';
import { SortedTerms } from './sorted-terms.js';
import { exactKeys, Field, MAX_STORED_DESCRIPTION, type StoredPack, storePack } from './stored-pack.js';

/** The packs containing one term: `slot * 16 + field bits` per pack, in no particular order. */
export interface TermEntry {
  postings: number[];
  /** Union of the field bits of all postings. */
  fields: number;
}

/** Every field bit. */
export const ALL_FIELDS_MASK = Field.Title | Field.Classes | Field.Meta | Field.Description;

/** Compact once this many replaced or removed packs have piled up, and they are a quarter of all. */
const COMPACT_MIN_DEAD = 1000;

/**
 * The in-memory inverted index over packs. Each pack occupies a slot; replacing a pack gives it a
 * new slot and leaves the old one dead (postings still point at it and are skipped), so an update
 * costs the pack's own terms only. Dead slots are compacted away in bulk now and then.
 */
export class CatalogueIndex {
  /** Packs by slot; null for dead slots. */
  readonly packs: (StoredPack | null)[] = [];
  /** Per-slot flags and figures that filters and ordering read for every candidate. */
  readonly table = new SlotTable();
  /** Every term, sorted: prefix and typo-tolerant lookups walk it. */
  readonly vocabulary = new SortedTerms();
  private readonly terms = new Map<string, TermEntry>();
  /**
   * Packs by the first one or two letters of their id and name terms: what a one- or two-letter
   * query matches, in one list instead of thousands of completions.
   */
  private readonly shortPrefixes = new Map<string, TermEntry>();
  /** Packs by whole-text keys (see `exactKeys`) and by repository, for the exact-match tiers. */
  private readonly keySlots = {
    title: new Map<string, Slots>(),
    short: new Map<string, Slots>(),
    classes: new Map<string, Slots>(),
    repository: new Map<string, Slots>(),
  };
  private readonly slotById = new Map<string, number>();
  private dead = 0;

  /** How many packs are indexed. */
  get size(): number {
    return this.slotById.size;
  }

  get termCount(): number {
    return this.terms.size;
  }

  /** The postings of a term, if any pack contains it. */
  entry(term: string): TermEntry | undefined {
    return this.terms.get(term);
  }

  /** Packs with an id or name word starting with these one or two letters. */
  shortPrefix(prefix: string): TermEntry | undefined {
    return this.shortPrefixes.get(prefix);
  }

  /** Slots (live or dead) of packs with this id/name key, short key, class-name key or repository. */
  slotsWithKey(kind: 'title' | 'short' | 'classes' | 'repository', key: string): readonly number[] {
    const slots = this.keySlots[kind].get(key);
    return slots === undefined ? [] : typeof slots === 'number' ? [slots] : slots;
  }

  /** The slot of a pack by id (case-insensitive). */
  slotOf(id: string): number | undefined {
    return this.slotById.get(id.toLowerCase());
  }

  /** Adds a pack, replacing any pack with the same id. */
  upsert(doc: SearchDocument): void {
    this.removeSlot(doc.id);
    const slot = this.packs.length;
    const stored = storePack(doc);
    this.packs.push(stored);
    const { table } = this;
    table.ensure(slot);
    table.flags[slot] = LIVE | (doc.banned ? BANNED : 0);
    table.osMask[slot] = osMask(doc.supportedOs);
    table.acceleratorMask[slot] = acceleratorMask(doc.supportedAccelerators);
    table.createdMs[slot] = Date.parse(doc.createdAt) || 0;
    table.updatedMs[slot] = Date.parse(doc.updatedAt) || 0;
    table.setFigures(slot, doc.searchRanking, doc.downloads, doc.stars);
    this.slotById.set(stored.sortId, slot);
    this.indexTerms(doc, slot);
    const keys = exactKeys(doc);
    for (const key of keys.title) pushTo(this.keySlots.title, key, slot);
    for (const key of keys.short) pushTo(this.keySlots.short, key, slot);
    for (const key of keys.classes) pushTo(this.keySlots.classes, key, slot);
    if (doc.normalizedRepository) pushTo(this.keySlots.repository, doc.normalizedRepository, slot);
    if (this.dead >= COMPACT_MIN_DEAD && this.dead * 4 >= this.packs.length) this.compact();
  }

  /** Removes a pack; unknown ids are fine. */
  remove(id: string): void {
    this.removeSlot(id);
  }

  /** Updates ranking and popularity figures in place (they order results but are not searched). */
  setPopularity(figures: readonly PopularityFigures[]): void {
    for (const f of figures) {
      const slot = this.slotOf(f.id);
      if (slot === undefined) continue;
      this.table.setFigures(slot, f.searchRanking, f.downloads, f.stars);
    }
  }

  private removeSlot(id: string): void {
    const key = id.toLowerCase();
    const slot = this.slotById.get(key);
    if (slot === undefined) return;
    this.packs[slot] = null;
    this.table.flags[slot] = 0;
    this.slotById.delete(key);
    this.dead += 1;
  }

  private indexTerms(doc: SearchDocument, slot: number): void {
    const field = (bits: number, joinAcrossSpaces: boolean) => (text: string) => {
      analyze(text, { joinAcrossSpaces }, (term) => {
        this.post(this.terms, term, slot, bits, true);
        if (bits === Field.Title) {
          this.post(this.shortPrefixes, term.slice(0, 1), slot, bits, false);
          if (term.length > 1) this.post(this.shortPrefixes, term.slice(0, 2), slot, bits, false);
        }
      });
    };
    const title = field(Field.Title, true);
    title(doc.id);
    title(doc.name);
    const classes = field(Field.Classes, true);
    for (const node of doc.comfyNodes) {
      classes(node.name);
      if (node.displayName) classes(node.displayName);
    }
    const meta = field(Field.Meta, true);
    meta(doc.author);
    // Reserved ids (`admin-<uuid>` holds unclaimed packs) would make every such pack match "admin".
    if (!doc.publisherId.startsWith('admin-')) meta(doc.publisherId);
    meta(doc.publisherName);
    for (const tag of doc.tags) meta(tag);
    meta(repositoryPath(doc.repository));
    field(Field.Description, false)(doc.description.slice(0, MAX_STORED_DESCRIPTION));
  }

  /**
   * Records that the pack in `slot` has `term` in the fields `bits`. A pack's postings are added
   * while it is indexed, so a repeated term only adds bits to the last posting.
   */
  private post(entries: Map<string, TermEntry>, term: string, slot: number, bits: number, vocabulary: boolean): void {
    let entry = entries.get(term);
    if (!entry) {
      entry = { postings: [], fields: 0 };
      entries.set(term, entry);
      if (vocabulary) this.vocabulary.add(term);
    }
    const last = entry.postings.length - 1;
    if (last >= 0 && (entry.postings[last] as number) >>> 4 === slot)
      entry.postings[last] = (entry.postings[last] as number) | bits;
    else entry.postings.push(slot * 16 + bits);
    entry.fields |= bits;
  }

  /** Renumbers live packs densely and drops dead postings and terms no pack uses any more. */
  private compact(): void {
    const remap = new Int32Array(this.packs.length).fill(-1);
    const live: StoredPack[] = [];
    this.packs.forEach((pack, slot) => {
      if (!pack) return;
      remap[slot] = live.length;
      live.push(pack);
    });
    this.table.compact(remap);
    compactPostings(this.terms, remap);
    compactPostings(this.shortPrefixes, remap);
    for (const slots of Object.values(this.keySlots)) {
      for (const [key, list] of slots) {
        const kept = (typeof list === 'number' ? [list] : list)
          .map((slot) => remap[slot] as number)
          .filter((slot) => slot >= 0);
        if (kept.length === 0) slots.delete(key);
        else slots.set(key, kept.length === 1 ? (kept[0] as number) : kept);
      }
    }
    this.packs.length = live.length;
    this.slotById.clear();
    live.forEach((pack, slot) => {
      this.packs[slot] = pack;
      this.slotById.set(pack.sortId, slot);
    });
    this.vocabulary.reset([...this.terms.keys()]);
    this.dead = 0;
  }
}

/** Renumbers postings through `remap` (-1 = dead) and drops entries left empty. */
function compactPostings(entries: Map<string, TermEntry>, remap: Int32Array): void {
  for (const [term, entry] of entries) {
    const kept: number[] = [];
    let fields = 0;
    for (const posting of entry.postings) {
      const next = remap[posting >>> 4] as number;
      if (next < 0) continue;
      kept.push(next * 16 + (posting & 15));
      fields |= posting & 15;
    }
    if (kept.length === 0) {
      entries.delete(term);
      continue;
    }
    entry.postings = kept;
    entry.fields = fields;
  }
}

/** Slots under a key: one number for the usual single pack, a list when several share it. */
type Slots = number | number[];

function pushTo(map: Map<string, Slots>, key: string, slot: number): void {
  const slots = map.get(key);
  if (slots === undefined) map.set(key, slot);
  else if (typeof slots === 'number') map.set(key, [slots, slot]);
  else slots.push(slot);
}

/** `https://github.com/ltdrdata/ComfyUI-Impact-Pack` → `ltdrdata/ComfyUI-Impact-Pack`: the host says nothing. */
function repositoryPath(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/(www\.)?[^/]*\/?/i, '');
}
