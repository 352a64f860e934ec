import type { CatalogueIndex } from './catalogue-index.js';
import { expandTerm, type HighlightTerms, type TermExpansion } from './expand.js';
import type { QueryPlan } from './plan.js';
import { BANNED, LIVE } from './slot-table.js';
import { Field } from './stored-pack.js';

/**
 * Packs that matched, in no order: `slots[i]` with relevance `relevance[i]` (higher is better)
 * for `i < length`. The arrays belong to the matcher and are reused by its next call.
 */
export interface Matches {
  slots: Int32Array;
  relevance: Float64Array;
  length: number;
}

/** Which packs may be returned at all. */
export interface SlotFilter {
  allowBanned: boolean;
  /** Any further condition (publisher, tags, compatibility, ...); null when there is none. */
  test: ((slot: number) => boolean) | null;
}

export interface MatchOptions {
  filter: SlotFilter;
  /** Slots that match whatever the words say (exact id or repository lookups). */
  forced?: readonly number[];
  /** When no pack matches every word, return packs matching some (default true). */
  allowPartial?: boolean;
}

/** The match value base of a completion: no typos, not a whole word. */
const PREFIX_MATCH = 1 + 2 * 8;

/** Rank of the best field among posting bits: title 3, classes 2, meta 1, description 0. */
const FIELD_RANK = Uint8Array.from({ length: 16 }, (_, bits) => {
  if (bits & Field.Title) return 3;
  if (bits & Field.Classes) return 2;
  if (bits & Field.Meta) return 1;
  return 0;
});

/** Exact-match flags (see `markTiers`). */
const TITLE_EXACT = 8;
const SHORT_EXACT = 4;
const CLASS_AS_WRITTEN = 2;
const CLASS_FOLDED = 1;

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
  private tierFlags = new Uint8Array(0);
  private touched = new Int32Array(0);
  private outSlots = new Int32Array(0);
  private outRelevance = new Float64Array(0);
  private touchedCount = 0;
  private generation = 0;
  private units = 0;

  constructor(private readonly index: CatalogueIndex) {}

  /**
   * Packs matching a plan in the given fields that pass the filter. `highlight` collects the
   * terms that matched, for the page's highlights.
   */
  match(plan: QueryPlan, fields: number, highlight: HighlightTerms, options: MatchOptions): Matches {
    const units = plan.words.reduce((n, w) => n + w.parts.length, 0);
    const applications = this.expand(plan, highlight);
    const forced = options.forced ?? [];
    // A pack matching every unit matches the rarest one: only packs found by that unit's lists
    // can qualify, so the other lists merely update those (`restricted`). Packs matching
    // only some units are needed only when no pack matches all, and are then collected in full.
    const rarest = units > 1 ? this.rarestUnit(applications, units, fields) : -1;
    this.prepare(units);
    const marked = this.markTiers(plan, forced);
    for (const { expansion, units: covered } of applications) {
      if (rarest < 0 || covered.includes(rarest)) this.apply(expansion, covered, fields, false);
    }
    for (const { expansion, units: covered } of applications) {
      if (rarest >= 0 && !covered.includes(rarest)) this.apply(expansion, covered, fields, true);
    }
    for (const slot of forced) this.force(slot);
    let matches = this.collect(true, options.filter);
    if (matches.length === 0 && plan.words.length >= 2 && options.allowPartial !== false) {
      if (rarest >= 0) {
        this.prepare(units);
        for (const { expansion, units: covered } of applications) this.apply(expansion, covered, fields, false);
        for (const slot of forced) this.force(slot);
      }
      matches = this.collect(false, options.filter);
    }
    for (const slot of marked) this.tierFlags[slot] = 0;
    return matches;
  }

  /** The index terms each part, compound and joined form of a plan stands for, with the units each one satisfies. */
  private expand(plan: QueryPlan, highlight: HighlightTerms): Application[] {
    const applications: Application[] = [];
    const allUnits: number[] = [];
    const unitsOfWord: number[][] = [];
    let unit = 0;
    // Whether some part matched no term at all: only then are typos looked for in compounds
    // (`ipadaptr` as one word is a part; `Ip-Adaptr` finds `adapter` through its parts).
    let unmatchedPart = false;
    plan.words.forEach((word, w) => {
      const last = w === plan.words.length - 1;
      const wordUnits = word.parts.map(() => unit++);
      allUnits.push(...wordUnits);
      unitsOfWord.push(wordUnits);
      let unmatchedInWord = false;
      word.parts.forEach((part, p) => {
        // The word being typed is completed; an earlier one only when it is not a word itself.
        const completable = !word.cjk && p === word.parts.length - 1;
        const prefix = !completable ? false : last ? 'always' : part.length >= 2 ? 'unknown' : false;
        const expansion = expandTerm(this.index, part, { prefix, typos: !word.cjk }, highlight);
        if (isEmpty(expansion)) unmatchedInWord = true;
        applications.push({ expansion, units: [wordUnits[p] as number] });
      });
      unmatchedPart ||= unmatchedInWord;
      if (word.compound) {
        const prefix = last ? 'always' : false;
        const expansion = expandTerm(this.index, word.compound, { prefix, typos: unmatchedInWord }, highlight);
        applications.push({ expansion, units: wordUnits });
      }
    });
    // Two neighbouring words written as one in a name: whole words only, completed when the
    // second is the word being typed.
    for (const { term, first } of plan.pairs) {
      const prefix = first + 2 === plan.words.length ? 'always' : false;
      const expansion = expandTerm(this.index, term, { prefix, typos: false }, highlight);
      if (!isEmpty(expansion)) {
        applications.push({ expansion, units: [...(unitsOfWord[first] ?? []), ...(unitsOfWord[first + 1] ?? [])] });
      }
    }
    if (plan.joined) {
      const expansion = expandTerm(this.index, plan.joined, { prefix: 'always', typos: unmatchedPart }, highlight);
      applications.push({ expansion, units: allUnits });
    }
    return applications;
  }

  /** The unit whose lists hold the fewest postings in `fields`. */
  private rarestUnit(applications: readonly Application[], units: number, fields: number): number {
    const postings = new Float64Array(units);
    for (const { expansion, units: covered } of applications) {
      const size = this.sizeOf(expansion, fields);
      for (const u of covered) postings[u] = (postings[u] as number) + size;
    }
    let rarest = 0;
    for (let u = 1; u < units; u++) if ((postings[u] as number) < (postings[rarest] as number)) rarest = u;
    return rarest;
  }

  private sizeOf(expansion: TermExpansion, fields: number): number {
    const lists = this.index.lists;
    const size = (list: number | undefined) =>
      list === undefined || !((lists.fields[list] as number) & fields) ? 0 : (lists.length[list] as number);
    let total = size(expansion.shortCompletions ?? undefined);
    for (const word of expansion.words) total += size(this.index.termList(word.term));
    for (const list of expansion.completions) total += size(list);
    return total;
  }

  private prepare(units: number): void {
    const slots = this.index.packs.length;
    this.units = Math.max(1, units);
    if (this.stamps.length < slots) {
      const capacity = Math.ceil(slots * 1.25) + 64;
      this.stamps = new Uint32Array(capacity);
      this.tierFlags = new Uint8Array(capacity);
      this.touched = new Int32Array(capacity);
      this.outSlots = new Int32Array(capacity);
      this.outRelevance = new Float64Array(capacity);
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
    // A loop, not `fill`: a pack has a handful of units, and a call per pack measured slower.
    const values = this.values;
    const end = slot * this.units + this.units;
    for (let at = slot * this.units; at < end; at++) values[at] = 0;
  }

  /** Applies an expansion's lists; `restricted` only updates packs some earlier list found. */
  private apply(expansion: TermExpansion, units: number[], fields: number, restricted: boolean): void {
    for (const word of expansion.words) {
      const base = 1 + (2 - word.typos) * 8 + 1;
      this.applyList(this.index.termList(word.term), fields, base, units, restricted);
    }
    if (expansion.shortCompletions !== null) {
      this.applyList(expansion.shortCompletions, fields, PREFIX_MATCH, units, restricted);
    }
    for (const list of expansion.completions) this.applyList(list, fields, PREFIX_MATCH, units, restricted);
  }

  /**
   * Records a term's matches: `base` encodes typos and whole-word; the field rank is added per
   * pack. When `restricted`, packs no earlier list of this search found are left out.
   */
  private applyList(
    list: number | undefined,
    fields: number,
    base: number,
    units: number[],
    restricted: boolean,
  ): void {
    const lists = this.index.lists;
    if (list === undefined || !((lists.fields[list] as number) & fields)) return;
    const flags = this.index.table.flags;
    const width = this.units;
    const values = this.values;
    const postings = lists.pool;
    const single = units.length === 1 ? (units[0] as number) : -1;
    const stamps = this.stamps;
    const generation = this.generation;
    const end = (lists.start[list] as number) + (lists.length[list] as number);
    for (let i = lists.start[list] as number; i < end; i++) {
      const posting = postings[i] as number;
      const bits = posting & fields;
      if (bits === 0) continue;
      const slot = posting >>> 4;
      if (restricted) {
        if (stamps[slot] !== generation) continue;
      } else {
        if (((flags[slot] as number) & LIVE) === 0) continue;
        this.touch(slot);
      }
      const value = base + (FIELD_RANK[bits] as number) * 2;
      const offset = slot * width;
      if (single >= 0) {
        if (value > (values[offset + single] as number)) values[offset + single] = value;
      } else {
        for (const u of units) if (value > (values[offset + u] as number)) values[offset + u] = value;
      }
    }
  }

  /** Counts a pack as matching every unit perfectly (exact id or repository lookups). */
  private force(slot: number): void {
    if (((this.index.table.flags[slot] as number) & LIVE) === 0) return;
    this.touch(slot);
    this.values.fill(1 + 2 * 8 + 3 * 2 + 1, slot * this.units, slot * this.units + this.units);
  }

  /**
   * Flags the packs the whole query names exactly: its id or name (or repository URL), its name
   * without generic words, one of its class names as written, or folded. Returns the slots flagged.
   */
  private markTiers(plan: QueryPlan, forced: readonly number[]): number[] {
    const marked: number[] = [];
    const flag = (slots: readonly number[], bit: number) => {
      for (const slot of slots) {
        if (this.tierFlags[slot] === 0) marked.push(slot);
        this.tierFlags[slot] = (this.tierFlags[slot] as number) | bit;
      }
    };
    const classes = this.index.slotsWithKey('classes', plan.key);
    flag(classes, CLASS_FOLDED);
    // Written exactly as a class is named (pasted from a workflow), case and punctuation included.
    flag(
      classes.filter((slot) => this.index.packs[slot]?.classNames.some((name) => name.trim() === plan.raw)),
      CLASS_AS_WRITTEN,
    );
    if (plan.shortKey) flag(this.index.slotsWithKey('short', plan.shortKey), SHORT_EXACT);
    flag(this.index.slotsWithKey('title', plan.key), TITLE_EXACT);
    flag(forced, TITLE_EXACT);
    return marked;
  }

  private collect(requireAll: boolean, filter: SlotFilter): Matches {
    const flags = this.index.table.flags;
    const width = this.units;
    const values = this.values;
    const excluded = filter.allowBanned ? 0 : BANNED;
    let length = 0;
    for (let t = 0; t < this.touchedCount; t++) {
      const slot = this.touched[t] as number;
      const state = flags[slot] as number;
      if ((state & LIVE) === 0 || (state & excluded) !== 0) continue;
      let matched = 0;
      let typos = 0;
      let fieldPoints = 0;
      let whole = 0;
      for (let u = 0; u < width; u++) {
        const value = values[slot * width + u] as number;
        if (value === 0) continue;
        const code = value - 1;
        matched += 1;
        typos += 2 - (code >> 3);
        fieldPoints += (code >> 1) & 3;
        whole += code & 1;
      }
      if (matched === 0 || (requireAll && matched < width)) continue;
      if (filter.test && !filter.test(slot)) continue;
      const exact = this.tierFlags[slot] as number;
      const tier = exact & TITLE_EXACT ? 3 : exact & SHORT_EXACT ? 2 : exact & CLASS_AS_WRITTEN ? 1 : 0;
      const folded = exact & CLASS_FOLDED ? 1 : 0;
      this.outSlots[length] = slot;
      this.outRelevance[length] =
        ((((tier * 32 + matched) * 64 + (63 - typos)) * 64 + fieldPoints) * 2 + folded) * 32 + whole;
      length += 1;
    }
    return { slots: this.outSlots, relevance: this.outRelevance, length };
  }
}

/** An expansion and the units (query parts) a pack found by it satisfies. */
interface Application {
  expansion: TermExpansion;
  units: number[];
}

function isEmpty(expansion: TermExpansion): boolean {
  return expansion.words.length === 0 && expansion.completions.length === 0 && expansion.shortCompletions === null;
}
