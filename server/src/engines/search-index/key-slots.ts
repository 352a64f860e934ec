/**
 * Slots of packs by a 53-bit key hash, in typed arrays: an open-addressing table of hashes, each
 * heading a chain of slots. Held as a `Map<number, number | number[]>`, these keys cost about 100
 * bytes each at 100k packs (a boxed number per key above 31 bits, the map entry, an array where
 * several packs share a key): 40 MiB for the four kinds of key. Here a key costs 12 bytes of table
 * (at most half full) and a slot 8 bytes of chain.
 *
 * Only additions: a replaced pack's slot stays until the index compacts (`remapped`), as in the
 * postings; callers skip dead slots.
 */
/** A `KeySlots` as plain data. */
export interface KeySlotsImage {
  hashes: Float64Array<ArrayBuffer>;
  heads: Int32Array<ArrayBuffer>;
  slots: Int32Array<ArrayBuffer>;
  next: Int32Array<ArrayBuffer>;
  keys: number;
}

export class KeySlots {
  /** Hash + 1 per table position (0: free), so hash 0 needs no special case. */
  #hashes = new Float64Array(16);
  /** Chain head (an entry) per table position. */
  #heads = new Int32Array(16);
  /** Entries: a slot, and the next entry of the same key (-1 ends the chain). */
  #slots = new Int32Array(16);
  #next = new Int32Array(16);
  #keys = 0;
  #entries = 0;

  /** Everything it holds, as plain data (see `CatalogueIndex.image`). */
  image(): KeySlotsImage {
    return {
      hashes: this.#hashes,
      heads: this.#heads,
      slots: this.#slots.subarray(0, this.#entries),
      next: this.#next.subarray(0, this.#entries),
      keys: this.#keys,
    };
  }

  /** The key slots an `image()` describes. */
  static fromImage(image: KeySlotsImage): KeySlots {
    const restored = new KeySlots();
    restored.#hashes = image.hashes;
    restored.#heads = image.heads;
    restored.#slots = grown(image.slots, Math.max(16, image.slots.length));
    restored.#next = grown(image.next, Math.max(16, image.next.length));
    restored.#keys = image.keys;
    restored.#entries = image.slots.length;
    return restored;
  }

  /** Number of distinct keys. */
  get size(): number {
    return this.#keys;
  }

  add(hash: number, slot: number): void {
    if ((this.#keys + 1) * 2 > this.#hashes.length) this.#rehash(this.#hashes.length * 2);
    if (this.#entries === this.#slots.length) {
      this.#slots = grown(this.#slots, this.#entries * 2);
      this.#next = grown(this.#next, this.#entries * 2);
    }
    const at = this.#find(hash);
    const entry = this.#entries++;
    this.#slots[entry] = slot;
    if (this.#hashes[at] === 0) {
      this.#hashes[at] = hash + 1;
      this.#next[entry] = -1;
      this.#keys += 1;
    } else {
      this.#next[entry] = this.#heads[at] as number;
    }
    this.#heads[at] = entry;
  }

  /** Every slot added under the hash (live or dead), in no particular order. */
  get(hash: number): number[] {
    const at = this.#find(hash);
    if (this.#hashes[at] === 0) return [];
    const slots: number[] = [];
    for (let entry = this.#heads[at] as number; entry >= 0; entry = this.#next[entry] as number) {
      slots.push(this.#slots[entry] as number);
    }
    return slots;
  }

  /** A copy with slots renumbered through `remap` (-1: dropped); keys left without slots go. */
  remapped(remap: Int32Array): KeySlots {
    const copy = new KeySlots();
    for (let at = 0; at < this.#hashes.length; at++) {
      const stored = this.#hashes[at] as number;
      if (stored === 0) continue;
      for (let entry = this.#heads[at] as number; entry >= 0; entry = this.#next[entry] as number) {
        const slot = remap[this.#slots[entry] as number] as number;
        if (slot >= 0) copy.add(stored - 1, slot);
      }
    }
    return copy;
  }

  /** The table position of the hash, or the free position where it would go (linear probing). */
  #find(hash: number): number {
    const mask = this.#hashes.length - 1;
    const stored = hash + 1;
    // The low 32 bits of the hash are one well-mixed lane of it (see `keyHash`).
    let at = (hash >>> 0) & mask;
    for (;;) {
      const here = this.#hashes[at] as number;
      if (here === 0 || here === stored) return at;
      at = (at + 1) & mask;
    }
  }

  #rehash(capacity: number): void {
    const hashes = this.#hashes;
    const heads = this.#heads;
    this.#hashes = new Float64Array(capacity);
    this.#heads = new Int32Array(capacity);
    for (let at = 0; at < hashes.length; at++) {
      const stored = hashes[at] as number;
      if (stored === 0) continue;
      const to = this.#find(stored - 1);
      this.#hashes[to] = stored;
      this.#heads[to] = heads[at] as number;
    }
  }
}

function grown(from: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  const to = new Int32Array(size);
  to.set(from);
  return to;
}
