import { normalizeRepositoryUrl } from '../../lib/repository-url.js';
import { ALL_FIELDS_MASK, CatalogueIndex } from './catalogue-index.js';
import { type HighlightTerms, newHighlightTerms } from './expand.js';
import { ACCELERATOR_FAMILIES, familyBits, OS_FAMILIES } from './filters.js';
import { highlightPack } from './highlight.js';
import { Matcher, type Matches, type SlotFilter } from './matcher.js';
import { planQuery, type QueryPlan } from './plan.js';
import type { HitMatch, PackSuggestion, SearchHit, SearchPage, SearchQuery } from './query.js';
import { comparatorFor, topK } from './ranking.js';
import { BANNED, LIVE } from './slot-table.js';
import { Field, type StoredPack } from './stored-pack.js';
import { fold } from './text/fold.js';

/**
 * Answers searches from a `CatalogueIndex`, synchronously: match the text, keep packs that pass
 * the filters, order them, and describe why each hit on the page matched.
 */
export class MemorySearch {
  private readonly matcher: Matcher;

  constructor(readonly index = new CatalogueIndex()) {
    this.matcher = new Matcher(index);
  }

  search(query: SearchQuery): SearchPage {
    const highlight: HighlightTerms = newHighlightTerms();
    const textPlan = planQuery(query.text);
    const classPlan = planQuery(query.comfyNodeText);
    const filter = this.filterFor(query);

    let candidates: Matches;
    if (!textPlan && !classPlan) {
      candidates = this.everything(filter);
    } else if (!textPlan) {
      candidates = this.matcher.match(classPlan as QueryPlan, Field.Classes, highlight, { filter });
    } else {
      let textFilter = filter;
      if (classPlan) {
        // Packs must match both texts: the class text first, as a membership test for the other.
        const byClass = this.matcher.match(classPlan, Field.Classes, highlight, { filter });
        const members = new Set(byClass.slots.subarray(0, byClass.length));
        textFilter = { allowBanned: filter.allowBanned, test: (slot) => members.has(slot) };
      }
      candidates = this.matcher.match(textPlan, ALL_FIELDS_MASK, highlight, {
        filter: textFilter,
        forced: this.exactLookups(query.text, textPlan),
      });
    }

    const { packs } = this.index;
    const sortIdOf = (slot: number) => (packs[slot] as StoredPack).sortId;
    const compare = comparatorFor(query.sort, candidates.slots, candidates.relevance, this.index.table, sortIdOf);
    const order = topK(candidates.length, query.offset + query.limit, compare).slice(query.offset);
    const queryKey = (textPlan ?? classPlan)?.key ?? '';
    const hits: SearchHit[] = order.map((i) => {
      const slot = candidates.slots[i] as number;
      const pack = packs[slot] as StoredPack;
      if (!textPlan && !classPlan) return { id: pack.id };
      return { id: pack.id, match: this.describeMatch(slot, highlight, queryKey) };
    });
    return { total: candidates.length, hits };
  }

  /** Why the pack in `slot` matched: the spans and classes to show (see `highlightPack`). */
  protected describeMatch(slot: number, terms: HighlightTerms, queryKey: string): HitMatch {
    return highlightPack(this.index.packs[slot] as StoredPack, terms, queryKey, (word) =>
      this.index.fieldsOf(word, slot),
    );
  }

  /** Public packs whose id or name matches the text as typed, best first. */
  suggestPacks(text: string, limit: number): PackSuggestion[] {
    const plan = planQuery(text);
    if (!plan) return [];
    const found = this.matcher.match(plan, Field.Title, newHighlightTerms(), {
      filter: { allowBanned: false, test: null },
      allowPartial: false,
    });
    const { packs } = this.index;
    const sortIdOf = (slot: number) => (packs[slot] as StoredPack).sortId;
    const compare = comparatorFor('relevance', found.slots, found.relevance, this.index.table, sortIdOf);
    return topK(found.length, limit, compare).map((i) => {
      const pack = packs[found.slots[i] as number] as StoredPack;
      return { id: pack.id, name: pack.name };
    });
  }

  /** Every pack that passes the filter (a search without text), relevance 0. */
  private everything(filter: SlotFilter): Matches {
    const { flags } = this.index.table;
    const count = this.index.packs.length;
    const slots = new Int32Array(count);
    const excluded = filter.allowBanned ? 0 : BANNED;
    let length = 0;
    for (let slot = 0; slot < count; slot++) {
      const state = flags[slot] as number;
      if ((state & LIVE) === 0 || (state & excluded) !== 0) continue;
      if (filter.test && !filter.test(slot)) continue;
      slots[length++] = slot;
    }
    return { slots, relevance: new Float64Array(length), length };
  }

  /** Packs the text names exactly, by id or by repository URL, even if no word of it matched. */
  private exactLookups(text: string, plan: QueryPlan): number[] {
    const slots: number[] = [];
    const byId = this.index.slotOf(text.trim());
    if (byId !== undefined) slots.push(byId);
    if (plan.repository) slots.push(...this.index.slotsWithKey('repository', plan.repository));
    return slots;
  }

  /** The filter of a query: banned packs for admins only, plus its publisher, tag, compatibility and repository conditions. */
  private filterFor(query: SearchQuery): SlotFilter {
    const { packs, table } = this.index;
    const conditions: ((slot: number) => boolean)[] = [];
    if (query.publisherIds.length > 0) {
      const publishers = new Set(query.publisherIds.map((p) => p.toLowerCase()));
      conditions.push((slot) => publishers.has((packs[slot] as StoredPack).publisherId));
    }
    if (query.tags.length > 0) {
      const tags = query.tags.map(fold);
      conditions.push((slot) => tags.every((t) => (packs[slot] as StoredPack).tags.includes(t)));
    }
    const os = familyBits(OS_FAMILIES, query.os);
    if (os !== 0) conditions.push((slot) => ((table.osMask[slot] as number) & os) !== 0);
    const accelerators = familyBits(ACCELERATOR_FAMILIES, query.accelerators);
    if (accelerators !== 0) conditions.push((slot) => ((table.acceleratorMask[slot] as number) & accelerators) !== 0);
    const repository = query.repositoryText ? normalizeRepositoryUrl(query.repositoryText) : '';
    if (repository) {
      conditions.push((slot) => (packs[slot] as StoredPack).normalizedRepository.includes(repository));
    }
    return {
      allowBanned: query.includeBanned,
      test: conditions.length === 0 ? null : (slot) => conditions.every((condition) => condition(slot)),
    };
  }
}
