/**
 * Per-slot figures that filters and ordering read for every candidate, in typed arrays: reading
 * them for 100,000 matches touches a few contiguous arrays instead of 100,000 scattered objects.
 */
/** A `SlotTable`'s columns as plain data. */
export type SlotTableImage = Pick<
  SlotTable,
  'flags' | 'osMask' | 'acceleratorMask' | 'popularity' | 'downloads' | 'stars' | 'createdMs' | 'updatedMs'
>;

export class SlotTable {
  /** Bit 1: live; bit 2: banned. */
  flags = new Uint8Array(0);
  osMask = new Uint8Array(0);
  acceleratorMask = new Uint8Array(0);
  /** Admin ranking, then downloads and stars weighed together, as one number (see `popularityKey`). */
  popularity = new Float64Array(0);
  downloads = new Float64Array(0);
  stars = new Float64Array(0);
  createdMs = new Float64Array(0);
  updatedMs = new Float64Array(0);

  /** The first `count` slots, as views of the columns (see `CatalogueIndex.image`). */
  image(count: number): SlotTableImage {
    return {
      flags: this.flags.subarray(0, count),
      osMask: this.osMask.subarray(0, count),
      acceleratorMask: this.acceleratorMask.subarray(0, count),
      popularity: this.popularity.subarray(0, count),
      downloads: this.downloads.subarray(0, count),
      stars: this.stars.subarray(0, count),
      createdMs: this.createdMs.subarray(0, count),
      updatedMs: this.updatedMs.subarray(0, count),
    };
  }

  /** Takes over the columns of an `image()`. */
  restore(image: SlotTableImage): void {
    this.flags = image.flags;
    this.osMask = image.osMask;
    this.acceleratorMask = image.acceleratorMask;
    this.popularity = image.popularity;
    this.downloads = image.downloads;
    this.stars = image.stars;
    this.createdMs = image.createdMs;
    this.updatedMs = image.updatedMs;
  }

  /** Makes room for slots up to `slot`. */
  ensure(slot: number): void {
    if (slot < this.flags.length) return;
    const capacity = Math.max(1024, this.flags.length * 2, slot + 1);
    this.flags = grow(this.flags, new Uint8Array(capacity));
    this.osMask = grow(this.osMask, new Uint8Array(capacity));
    this.acceleratorMask = grow(this.acceleratorMask, new Uint8Array(capacity));
    this.popularity = grow(this.popularity, new Float64Array(capacity));
    this.downloads = grow(this.downloads, new Float64Array(capacity));
    this.stars = grow(this.stars, new Float64Array(capacity));
    this.createdMs = grow(this.createdMs, new Float64Array(capacity));
    this.updatedMs = grow(this.updatedMs, new Float64Array(capacity));
  }

  /** Sets the ordering figures of a slot. */
  setFigures(slot: number, searchRanking: number, downloads: number, stars: number): void {
    this.downloads[slot] = downloads;
    this.stars[slot] = stars;
    this.popularity[slot] = popularityKey(searchRanking, downloads, stars);
  }

  /** Moves live slots to their new numbers (`remap[old]`, -1 for dead) and shrinks nothing. */
  compact(remap: Int32Array): void {
    for (let old = 0; old < remap.length; old++) {
      const slot = remap[old] as number;
      if (slot < 0 || slot === old) continue;
      this.flags[slot] = this.flags[old] as number;
      this.osMask[slot] = this.osMask[old] as number;
      this.acceleratorMask[slot] = this.acceleratorMask[old] as number;
      this.popularity[slot] = this.popularity[old] as number;
      this.downloads[slot] = this.downloads[old] as number;
      this.stars[slot] = this.stars[old] as number;
      this.createdMs[slot] = this.createdMs[old] as number;
      this.updatedMs[slot] = this.updatedMs[old] as number;
    }
    const live = remap.reduce((n, slot) => (slot >= 0 ? n + 1 : n), 0);
    this.flags.fill(0, live);
  }
}

export const LIVE = 1;
export const BANNED = 2;

/**
 * The order of packs that match equally well, as one number where higher comes first: the
 * admin's ranking (1–10, lower first) decides; within a ranking, downloads and GitHub stars weigh
 * together as `ln(1 + downloads) + ln(1 + stars)`, so ten times the downloads counts as much as
 * ten times the stars. A well-starred pack with few installs (every imported pack has none yet)
 * is not buried under any pack with a handful of downloads, and neither figure alone decides.
 */
export function popularityKey(searchRanking: number, downloads: number, stars: number): number {
  const rank = Math.min(10, Math.max(0, Math.round(searchRanking)));
  return (10 - rank) * RANK_STEP + popularityScore(downloads, stars);
}

/** Downloads and stars weighed together (see `popularityKey`); below 100 for any real figures. */
function popularityScore(downloads: number, stars: number): number {
  return Math.log1p(Math.max(0, downloads)) + Math.log1p(Math.max(0, stars));
}

/** One ranking step outweighs any popularity score (ln(1 + 2^53) × 2 is about 74). */
const RANK_STEP = 1000;

function grow<T extends Uint8Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
