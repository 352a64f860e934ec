import type { PopularityFigures, SearchDocument } from './document.js';
import { acceleratorMask, osMask } from './filters.js';
import { KeySlots, type KeySlotsImage } from './key-slots.js';
import { PostingLists, type PostingListsImage } from './posting-lists.js';
import { BANNED, LIVE, SlotTable, type SlotTableImage } from './slot-table.js';
import { SortedTerms } from './sorted-terms.js';
import { exactKeys, Field, MAX_STORED_DESCRIPTION, type StoredPack, storePack } from './stored-pack.js';
import { analyze } from './text/analyze.js';

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
  /** The postings of every term and short prefix, by list number (see `PostingLists`). */
  lists = new PostingLists(undefined, undefined, true);
  /** Terms by their list number. */
  private readonly terms = new Map<string, number>();
  /**
   * Packs by the first one or two letters of their id and name terms: what a one- or two-letter
   * query matches, in one list instead of thousands of completions.
   */
  private readonly shortPrefixes = new Map<string, number>();
  /**
   * Packs by whole-text keys (see `exactKeys`) and by repository, for the exact-match tiers.
   * Keys are held as 53-bit hashes in typed arrays (`KeySlots`): the strings cost about 60 MiB
   * at 100k packs, and maps of hashes 40 MiB. Two keys sharing a hash (odds of about one in ten
   * billion per lookup) would only lift packs that matched the query's words anyway.
   */
  private keySlots: Record<KeyKind, KeySlots> = {
    title: new KeySlots(),
    short: new KeySlots(),
    classes: new KeySlots(),
    repository: new KeySlots(),
  };
  private readonly slotById = new Map<string, number>();
  /**
   * Shared copies of the stored packs' repeated strings (see `Intern`) while the catalogue is
   * first loaded; dropped by `pack()`, so later updates keep their own copies and the map does
   * not stay resident.
   */
  private strings: Map<string, string> | null = new Map();
  private readonly intern = (text: string): string => {
    if (this.strings === null) return text;
    const shared = this.strings.get(text);
    if (shared !== undefined) return shared;
    this.strings.set(text, text);
    return text;
  };
  private dead = 0;
  #revision = 0;

  /** Changes with every update (packs or popularity figures): answers given under one revision stay valid while it holds. */
  get revision(): number {
    return this.#revision;
  }

  /** How many packs are indexed. */
  get size(): number {
    return this.slotById.size;
  }

  get termCount(): number {
    return this.terms.size;
  }

  /** The list of a term (see `lists`), if any pack contains it. */
  termList(term: string): number | undefined {
    return this.terms.get(term);
  }

  /**
   * The fields of the pack in `slot` that contain `term` (`Field` bits; 0 when none). A list's
   * postings are in slot order (a pack gets a higher slot than every pack before it, and copies
   * keep the order), so this is a binary search.
   */
  fieldsOf(term: string, slot: number): number {
    const list = this.terms.get(term);
    if (list === undefined) return 0;
    const { pool } = this.lists;
    let low = this.lists.start[list] as number;
    let high = low + (this.lists.length[list] as number);
    while (low < high) {
      const middle = (low + high) >>> 1;
      const at = (pool[middle] as number) >>> 4;
      if (at === slot) return (pool[middle] as number) & 15;
      if (at < slot) low = middle + 1;
      else high = middle;
    }
    return 0;
  }

  /** The list of packs with an id or name word starting with these one or two letters. */
  shortPrefixList(prefix: string): number | undefined {
    return this.shortPrefixes.get(prefix);
  }

  /**
   * Settles the index after a bulk load: sorts the vocabulary and rewrites the postings tightly,
   * dropping the room lists grew into while packs were added.
   */
  pack(): void {
    this.strings = null;
    this.rewriteLists(null);
    this.vocabulary.reset(this.terms);
  }

  /**
   * Everything the index holds, as plain data (typed arrays, strings, plain objects) that
   * `fromImage` turns back into an index without indexing a pack again: what a saved index is
   * made of (see `index-file.ts`). The typed arrays are views of the index's own, not copies
   * (tens of megabytes at 100k packs): read them before the index changes again, that is before
   * the caller next awaits anything. Packs are never changed once stored, so the list of them is
   * a copy that stays right.
   */
  image(): IndexImage {
    const { keySlots } = this;
    return {
      packs: this.packs.slice(),
      dead: this.dead,
      table: this.table.image(this.packs.length),
      lists: this.lists.image(),
      terms: [...this.vocabulary.all()],
      termLists: this.vocabulary.lists(),
      shortPrefixes: [...this.shortPrefixes.keys()],
      shortPrefixLists: Int32Array.from(this.shortPrefixes.values()),
      keySlots: {
        title: keySlots.title.image(),
        short: keySlots.short.image(),
        classes: keySlots.classes.image(),
        repository: keySlots.repository.image(),
      },
    };
  }

  /**
   * The index an `image()` describes. Its packs' repeated strings should already be shared
   * (see `sharePackStrings`), as a first build shares them.
   */
  static fromImage(image: IndexImage): CatalogueIndex {
    const index = new CatalogueIndex();
    for (const pack of image.packs) {
      if (pack) index.slotById.set(pack.sortId, index.packs.length);
      index.packs.push(pack);
    }
    index.strings = null;
    index.dead = image.dead;
    index.table.restore(image.table);
    index.lists.release();
    index.lists = PostingLists.fromImage(image.lists);
    for (let i = 0; i < image.terms.length; i++)
      index.terms.set(image.terms[i] as string, image.termLists[i] as number);
    index.vocabulary.restore(image.terms, image.termLists);
    for (let i = 0; i < image.shortPrefixes.length; i++) {
      index.shortPrefixes.set(image.shortPrefixes[i] as string, image.shortPrefixLists[i] as number);
    }
    index.keySlots = {
      title: KeySlots.fromImage(image.keySlots.title),
      short: KeySlots.fromImage(image.keySlots.short),
      classes: KeySlots.fromImage(image.keySlots.classes),
      repository: KeySlots.fromImage(image.keySlots.repository),
    };
    return index;
  }

  /** Slots (live or dead) of packs with this id/name key, short key, class-name key or repository. */
  slotsWithKey(kind: KeyKind, key: string): readonly number[] {
    return this.keySlots[kind].get(keyHash(key));
  }

  /** The slot of a pack by id (case-insensitive). */
  slotOf(id: string): number | undefined {
    return this.slotById.get(id.toLowerCase());
  }

  /** Adds a pack, replacing any pack with the same id. */
  upsert(doc: SearchDocument): void {
    this.#revision += 1;
    this.removeSlot(doc.id);
    const slot = this.packs.length;
    const stored = storePack(doc, this.intern);
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
    for (const key of keys.title) this.keySlots.title.add(keyHash(key), slot);
    for (const key of keys.short) this.keySlots.short.add(keyHash(key), slot);
    for (const key of keys.classes) this.keySlots.classes.add(keyHash(key), slot);
    if (doc.normalizedRepository) this.keySlots.repository.add(keyHash(doc.normalizedRepository), slot);
    if (this.dead >= COMPACT_MIN_DEAD && this.dead * 4 >= this.packs.length) this.compact();
  }

  /** Removes a pack; unknown ids are fine. */
  remove(id: string): void {
    this.#revision += 1;
    this.removeSlot(id);
  }

  /** Updates ranking and popularity figures in place (they order results but are not searched). */
  setPopularity(figures: readonly PopularityFigures[]): void {
    this.#revision += 1;
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
      analyze(text, { joinAcrossSpaces, joinWords: bits === Field.Title }, (term) => {
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

  /** Records that the pack in `slot` has `term` in the fields `bits`. */
  private post(lists: Map<string, number>, term: string, slot: number, bits: number, vocabulary: boolean): void {
    let list = lists.get(term);
    if (list === undefined) {
      list = this.lists.create();
      lists.set(term, list);
      if (vocabulary) this.vocabulary.add(term, list);
    }
    this.lists.add(list, slot, bits);
  }

  /** Copies every list into a fresh pool, renumbering slots through `remap`; terms left without packs go. */
  private rewriteLists(remap: Int32Array | null): void {
    let postings = 0;
    for (const lists of [this.terms, this.shortPrefixes])
      for (const list of lists.values()) postings += this.lists.length[list] as number;
    const next = new PostingLists(postings, this.terms.size + this.shortPrefixes.size);
    for (const lists of [this.terms, this.shortPrefixes]) {
      for (const [term, list] of lists) {
        const copy = next.copy(this.lists, list, remap);
        if (copy < 0) lists.delete(term);
        else lists.set(term, copy);
      }
    }
    // Nothing refers to the old pool any more (searches run synchronously): free it now.
    this.lists.release();
    this.lists = next;
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
    this.rewriteLists(remap);
    const { title, short, classes, repository } = this.keySlots;
    this.keySlots = {
      title: title.remapped(remap),
      short: short.remapped(remap),
      classes: classes.remapped(remap),
      repository: repository.remapped(remap),
    };
    this.packs.length = live.length;
    this.slotById.clear();
    live.forEach((pack, slot) => {
      this.packs[slot] = pack;
      this.slotById.set(pack.sortId, slot);
    });
    this.vocabulary.reset(this.terms);
    this.dead = 0;
  }
}

/**
 * Makes packs read back share their repeated strings (class names, tags, publishers), which come
 * back as separate copies: call it on each pack as it is read, while the copies are still young
 * garbage.
 */
export function sharePackStrings(): (pack: StoredPack) => void {
  const strings = new Map<string, string>();
  const intern = (text: string): string => {
    const shared = strings.get(text);
    if (shared !== undefined) return shared;
    strings.set(text, text);
    return text;
  };
  return (pack) => {
    pack.publisherId = intern(pack.publisherId);
    pack.tags = pack.tags.map(intern);
    pack.classNames = pack.classNames.map(intern);
    pack.displayNames = pack.displayNames?.map(intern) ?? null;
  };
}

/** The kinds of whole-text key a pack is found under (see `exactKeys`), and its repository. */
type KeyKind = 'title' | 'short' | 'classes' | 'repository';

/** A `CatalogueIndex` as plain data (see `image`). */
export interface IndexImage {
  /** By slot; null for dead slots. */
  packs: (StoredPack | null)[];
  dead: number;
  table: SlotTableImage;
  lists: PostingListsImage;
  /** Every term, sorted, and its list at the same position. */
  terms: string[];
  termLists: Int32Array<ArrayBuffer>;
  shortPrefixes: string[];
  shortPrefixLists: Int32Array<ArrayBuffer>;
  keySlots: Record<KeyKind, KeySlotsImage>;
}

/** A 53-bit hash of a string (cyrb53: two 32-bit multiply-xorshift lanes). */
function keyHash(key: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** `https://github.com/ltdrdata/ComfyUI-Impact-Pack` → `ltdrdata/ComfyUI-Impact-Pack`: the host says nothing. */
function repositoryPath(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/(www\.)?[^/]*\/?/i, '');
}
