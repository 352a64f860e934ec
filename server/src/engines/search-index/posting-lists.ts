import { grow, growable, release } from './growable.js';

/**
 * Every term's postings (`slot * 16 + field bits`, one per pack containing the term) in one
 * `Int32Array` pool, a list being a block of it: 4 bytes a posting and 13 bytes a list, where an
 * array per term cost about 20 bytes a posting plus the array itself (at 100k packs: 110 MiB
 * for 5.3 million postings).
 *
 * A list that outgrows its block moves to a larger block at the end of the pool; the blocks left
 * behind are reclaimed when the index copies its lists into a fresh pool (`copy`), after its
 * first build and whenever it compacts.
 */
/** A `PostingLists` as plain data: each array cut to what is in use. */
export interface PostingListsImage {
  pool: Int32Array;
  start: Int32Array;
  length: Int32Array;
  fields: Uint8Array;
  capacity: Int32Array;
}

export class PostingLists {
  /** The postings; list `l` is `pool[start[l] .. start[l] + length[l])`. */
  pool: Int32Array;
  start: Int32Array;
  length: Int32Array;
  /** Union of the field bits of a list's postings. */
  fields: Uint8Array;
  private capacity: Int32Array;
  private used = 0;
  private count = 0;

  /**
   * Room for this many postings and lists before anything grows. `growInPlace` puts the pool on
   * a resizable buffer (see `growable`) for a set that will grow a lot, the one a first build
   * fills: its pool doubled to about 64 MiB at 100k packs, leaving as much in superseded copies,
   * and the settled copy (`copy`) made that garbage too. Reading such a pool measured about twice
   * as slow as a plain one in Node 20, so the settled copy that searches read is plain.
   */
  constructor(postings = 1 << 16, lists = 1024, growInPlace = false) {
    const size = Math.max(16, postings);
    this.pool = growInPlace ? growable(Int32Array, size) : new Int32Array(size);
    this.start = new Int32Array(Math.max(16, lists));
    this.length = new Int32Array(this.start.length);
    this.fields = new Uint8Array(this.start.length);
    this.capacity = new Int32Array(this.start.length);
  }

  /** Every list, as views of the arrays in use (see `CatalogueIndex.image`). */
  image(): PostingListsImage {
    return {
      pool: this.pool.subarray(0, this.used),
      start: this.start.subarray(0, this.count),
      length: this.length.subarray(0, this.count),
      fields: this.fields.subarray(0, this.count),
      capacity: this.capacity.subarray(0, this.count),
    };
  }

  /** The lists an `image()` describes (new lists and postings go after them). */
  static fromImage(image: PostingListsImage): PostingLists {
    const lists = new PostingLists(0, 0);
    lists.pool = image.pool;
    lists.start = image.start;
    lists.length = image.length;
    lists.fields = image.fields;
    lists.capacity = image.capacity;
    lists.used = image.pool.length;
    lists.count = image.start.length;
    return lists;
  }

  /** Hands the pool's memory back now when it can (see `release`); the lists are unusable afterwards. */
  release(): void {
    release(this.pool);
  }

  /** A new, empty list. */
  create(capacity = 1): number {
    if (this.count === this.start.length) {
      const size = Math.max(16, this.count * 2);
      this.start = grown(this.start, new Int32Array(size));
      this.length = grown(this.length, new Int32Array(size));
      this.capacity = grown(this.capacity, new Int32Array(size));
      this.fields = grown(this.fields, new Uint8Array(size));
    }
    const list = this.count++;
    this.start[list] = this.reserve(capacity);
    this.capacity[list] = capacity;
    this.length[list] = 0;
    this.fields[list] = 0;
    return list;
  }

  /**
   * Records that the pack in `slot` has the list's term in the fields `bits`. A pack's postings
   * are added while it is indexed, so a repeated term only adds bits to the last posting.
   */
  add(list: number, slot: number, bits: number): void {
    const n = this.length[list] as number;
    const last = (this.start[list] as number) + n - 1;
    if (n > 0 && (this.pool[last] as number) >>> 4 === slot) {
      this.pool[last] = (this.pool[last] as number) | bits;
    } else {
      if (n === this.capacity[list]) this.move(list, Math.max(4, n * 2));
      this.pool[(this.start[list] as number) + n] = slot * 16 + bits;
      this.length[list] = n + 1;
    }
    this.fields[list] = (this.fields[list] as number) | bits;
  }

  /**
   * Copies list `list` of `from` into a new list of this one, renumbering slots through `remap`
   * (-1: dropped; null: unchanged). Returns the new list, or -1 when no posting is left.
   */
  copy(from: PostingLists, list: number, remap: Int32Array | null): number {
    const begin = from.start[list] as number;
    const end = begin + (from.length[list] as number);
    let kept = 0;
    for (let i = begin; i < end; i++) if (!remap || (remap[(from.pool[i] as number) >>> 4] as number) >= 0) kept++;
    if (kept === 0) return -1;
    const copy = this.create(kept);
    let at = this.start[copy] as number;
    let fields = 0;
    for (let i = begin; i < end; i++) {
      const posting = from.pool[i] as number;
      const slot = remap ? (remap[posting >>> 4] as number) : posting >>> 4;
      if (slot < 0) continue;
      this.pool[at++] = slot * 16 + (posting & 15);
      fields |= posting & 15;
    }
    this.length[copy] = kept;
    this.fields[copy] = fields;
    return copy;
  }

  private move(list: number, capacity: number): void {
    const to = this.reserve(capacity);
    const from = this.start[list] as number;
    this.pool.copyWithin(to, from, from + (this.length[list] as number));
    this.start[list] = to;
    this.capacity[list] = capacity;
  }

  private reserve(size: number): number {
    if (this.used + size > this.pool.length) {
      this.pool = grow(this.pool, Int32Array, Math.max(this.pool.length * 2, this.used + size));
    }
    const at = this.used;
    this.used += size;
    return at;
  }
}

function grown<T extends Int32Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
