import type { CatalogueIndex, TermEntry } from './catalogue-index.js';
import { expandTerm, type HighlightTerms, type TermExpansion } from './expand.js';
import type { QueryPlan } from './plan.js';
import { Field } from './stored-pack.js';

/** Packs that matched a query, with a relevance number each (higher is better). */
export interface Matches {
  slots: number[];
  relevance: number[];
}

export interface MatchOptions {
  /** Slots that match whatever the words say (exact id or repository lookups). */
  forced?: readonly number[];
  /** When no pack matches every word, return packs matching some (default true). */
  allowPartial?: boolean;
}

/** The match value base of a completion: no typos, not a whole word. */
const PREFIX_MATCH = 1 + 2 * 8;

/** Rank of the best field among posting bits: title 3, classes 2, meta 1, description 0. */
const FIELD_RANK = Array.from({ length: 16 }, (_, bits) => {
  if (bits & Field.Title) return 3;
  if (bits & Field.Classes) return 2;
  if (bits & Field.Meta) return 1;
  return 0;
});

/**
 * Evaluates query plans against the index. Every query part is a *unit*; a pack matches when each
 * unit matched in some field (or, when no pack has them all, when any did). Per pack and unit it
 * keeps the best match as one byte — fewer typos, then better field, then whole word over
 * prefix — and folds those into one relevance number:
 *
 *   exact tier (the query is the id or name 3, the name without generic words 2, a class name
 *   exactly as written 1) › units matched › fewer typos › better fields › the query is a class
 *   name (any case) › more whole words.
 *
 * Scratch arrays are reused across queries (queries run one at a time on the event loop).
 */
export class Matcher {
  private values = new Uint8Array(0);
  private stamps = new Uint32Array(0);
  private touched = new Int32Array(0);
  private touchedCount = 0;
  private generation = 0;
  private units = 0;

  constructor(private readonly index: CatalogueIndex) {}

  /**
   * Packs matching a plan in the given fields, in no order. `highlight` collects the terms that
   * matched, for the page's highlights.
   */
  match(plan: QueryPlan, fields: number, highlight: HighlightTerms, options: MatchOptions = {}): Matches {
    this.prepare(plan.words.reduce((n, w) => n + w.parts.length, 0));
    const allUnits: number[] = [];
    let unit = 0;
    plan.words.forEach((word, w) => {
      const last = w === plan.words.length - 1;
      const wordUnits = word.parts.map(() => unit++);
      allUnits.push(...wordUnits);
      word.parts.forEach((part, p) => {
        const prefix = !word.cjk && p === word.parts.length - 1 && (last || part.length >= 2);
        this.apply(
          expandTerm(this.index, part, { prefix, typos: !word.cjk }, highlight),
          [wordUnits[p] as number],
          fields,
        );
      });
      if (word.compound) {
        this.apply(expandTerm(this.index, word.compound, { prefix: last, typos: true }, highlight), wordUnits, fields);
      }
    });
    if (plan.joined) {
      this.apply(expandTerm(this.index, plan.joined, { prefix: true, typos: true }, highlight), allUnits, fields);
    }
    const tiers = this.tiers(plan, options.forced ?? []);
    for (const slot of options.forced ?? []) this.force(slot);
    const all = this.collect(true, tiers);
    const fallBack = all.slots.length === 0 && plan.words.length >= 2 && options.allowPartial !== false;
    return fallBack ? this.collect(false, tiers) : all;
  }

  private prepare(units: number): void {
    const slots = this.index.packs.length;
    this.units = Math.max(1, units);
    if (this.stamps.length < slots) {
      const capacity = Math.ceil(slots * 1.25) + 64;
      this.stamps = new Uint32Array(capacity);
      this.touched = new Int32Array(capacity);
      this.generation = 0;
    }
    if (this.values.length < this.stamps.length * this.units)
      this.values = new Uint8Array(this.stamps.length * this.units);
    this.touchedCount = 0;
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  private touch(slot: number): void {
    if (this.stamps[slot] === this.generation) return;
    this.stamps[slot] = this.generation;
    this.touched[this.touchedCount++] = slot;
    this.values.fill(0, slot * this.units, slot * this.units + this.units);
  }

  private apply(expansion: TermExpansion, units: number[], fields: number): void {
    for (const word of expansion.words) {
      this.applyEntry(this.index.entry(word.term), fields, 1 + (2 - word.typos) * 8 + 1, units);
    }
    if (expansion.shortCompletions) this.applyEntry(expansion.shortCompletions, fields, PREFIX_MATCH, units);
    const completions = expansion.completions;
    if (!completions) return;
    for (let i = completions.start; i < completions.end; i++) {
      this.applyEntry(this.index.entry(completions.terms[i] as string), fields, PREFIX_MATCH, units);
    }
  }

  /** Records a term's matches: `base` encodes typos and whole-word; the field rank is added per pack. */
  private applyEntry(entry: TermEntry | undefined, fields: number, base: number, units: number[]): void {
    if (!entry || !(entry.fields & fields)) return;
    const { packs } = this.index;
    const width = this.units;
    const values = this.values;
    for (const posting of entry.postings) {
      const bits = posting & fields;
      if (bits === 0) continue;
      const slot = posting >>> 4;
      if (packs[slot] === null) continue;
      this.touch(slot);
      const value = base + (FIELD_RANK[bits] as number) * 2;
      const offset = slot * width;
      for (const u of units) if (value > (values[offset + u] as number)) values[offset + u] = value;
    }
  }

  /** Counts a pack as matching every unit perfectly (exact id or repository lookups). */
  private force(slot: number): void {
    this.touch(slot);
    this.values.fill(1 + 2 * 8 + 3 * 2 + 1, slot * this.units, slot * this.units + this.units);
  }

  /**
   * Exact-match flags by slot: 8 — the query is the pack's id or name (or its repository URL);
   * 4 — its name without generic words; 2 — one of its class names exactly as written (pasted
   * from a workflow); 1 — one of its class names, folded.
   */
  private tiers(plan: QueryPlan, forced: readonly number[]): Map<number, number> {
    const tiers = new Map<number, number>();
    const flag = (slot: number, bit: number) => tiers.set(slot, (tiers.get(slot) ?? 0) | bit);
    for (const slot of this.index.slotsWithKey('classes', plan.key)) flag(slot, 1);
    for (const slot of this.index.slotsWithKey('classNames', plan.raw)) flag(slot, 2);
    if (plan.shortKey) for (const slot of this.index.slotsWithKey('short', plan.shortKey)) flag(slot, 4);
    for (const slot of this.index.slotsWithKey('title', plan.key)) flag(slot, 8);
    for (const slot of forced) flag(slot, 8);
    return tiers;
  }

  private collect(requireAll: boolean, tiers: Map<number, number>): Matches {
    const slots: number[] = [];
    const relevance: number[] = [];
    const { packs } = this.index;
    const width = this.units;
    for (let t = 0; t < this.touchedCount; t++) {
      const slot = this.touched[t] as number;
      let matched = 0;
      let typos = 0;
      let fieldPoints = 0;
      let whole = 0;
      for (let u = 0; u < width; u++) {
        const value = this.values[slot * width + u] as number;
        if (value === 0) continue;
        const code = value - 1;
        matched += 1;
        typos += 2 - (code >> 3);
        fieldPoints += (code >> 1) & 3;
        whole += code & 1;
      }
      if (matched === 0 || (requireAll && matched < width)) continue;
      if (!packs[slot]) continue;
      const flags = tiers.get(slot) ?? 0;
      const tier = flags & 8 ? 3 : flags & 4 ? 2 : flags & 2 ? 1 : 0;
      slots.push(slot);
      relevance.push(((((tier * 32 + matched) * 64 + (63 - typos)) * 64 + fieldPoints) * 2 + (flags & 1)) * 32 + whole);
    }
    return { slots, relevance };
  }
}
