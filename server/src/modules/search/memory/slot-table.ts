/**
 * Per-slot figures that filters and ordering read for every candidate, in typed arrays: reading
 * them for 100,000 matches touches a few contiguous arrays instead of 100,000 scattered objects.
 */
export class SlotTable {
  /** Bit 1: live; bit 2: banned. */
  flags = new Uint8Array(0);
  osMask = new Uint8Array(0);
  acceleratorMask = new Uint8Array(0);
  /**
   * Admin ranking, downloads and stars as one number, higher first: exact for rankings 1–10,
   * downloads below 2^26 and stars below 2^20 (larger figures count as those maxima).
   */
  popularity = new Float64Array(0);
  downloads = new Float64Array(0);
  stars = new Float64Array(0);
  createdMs = new Float64Array(0);
  updatedMs = new Float64Array(0);

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

const DOWNLOADS_CAP = 2 ** 26 - 1;
const STARS_CAP = 2 ** 20 - 1;

/** Ranking (lower first), then downloads, then stars, as one number where higher comes first. */
export function popularityKey(searchRanking: number, downloads: number, stars: number): number {
  const rank = Math.min(10, Math.max(0, Math.round(searchRanking)));
  return ((10 - rank) * 2 ** 26 + Math.min(downloads, DOWNLOADS_CAP)) * 2 ** 20 + Math.min(stars, STARS_CAP);
}

function grow<T extends Uint8Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
