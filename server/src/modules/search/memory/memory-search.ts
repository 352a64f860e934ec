import { normalizeRepositoryUrl } from '../../catalogue-import/text.js';
import type { PackSuggestion, SearchHit, SearchPage, SearchQuery } from '../engine.js';
import { ACCELERATOR_FAMILIES, familyBits, OS_FAMILIES } from '../filters.js';
import { fold } from '../text/fold.js';
import { ALL_FIELDS_MASK, CatalogueIndex } from './catalogue-index.js';
import { type HighlightTerms, newHighlightTerms } from './expand.js';
import { highlightPack } from './highlight.js';
import { Matcher, type Matches } from './matcher.js';
import { planQuery, type QueryPlan } from './plan.js';
import { comparatorFor, topK } from './ranking.js';
import { Field, type StoredPack } from './stored-pack.js';

/**
 * Answers searches from a `CatalogueIndex`, synchronously: match the text, keep packs that pass
 * the filters, order them, and describe why each hit on the page matched.
 */
export class MemorySearch {
  readonly index = new CatalogueIndex();
  private readonly matcher = new Matcher(this.index);

  search(query: SearchQuery): SearchPage {
    const highlight: HighlightTerms = newHighlightTerms();
    const textPlan = planQuery(query.text);
    const classPlan = planQuery(query.comfyNodeText);
    const accept = this.filterFor(query);
    const { packs } = this.index;

    let candidates: Matches;
    if (!textPlan && !classPlan) {
      candidates = { slots: [], relevance: [] };
      for (let slot = 0; slot < packs.length; slot++) {
        const pack = packs[slot];
        if (pack && accept(pack)) {
          candidates.slots.push(slot);
          candidates.relevance.push(0);
        }
      }
    } else {
      const byClass = classPlan ? this.matcher.match(classPlan, Field.Classes, highlight) : null;
      const byText = textPlan
        ? this.matcher.match(textPlan, ALL_FIELDS_MASK, highlight, { forced: this.exactLookups(query.text, textPlan) })
        : null;
      candidates = keep(intersect(byText, byClass), (slot) => accept(packs[slot] as StoredPack));
    }

    const packOf = (i: number) => packs[candidates.slots[i] as number] as StoredPack;
    const compare = comparatorFor(query.sort, packOf, (i) => candidates.relevance[i] as number);
    const order = topK(candidates.slots.length, query.offset + query.limit, compare).slice(query.offset);
    const queryKey = (textPlan ?? classPlan)?.key ?? '';
    const hits: SearchHit[] = order.map((i) => {
      const pack = packOf(i);
      return textPlan || classPlan
        ? { id: pack.doc.id, match: highlightPack(pack, highlight, queryKey) }
        : { id: pack.doc.id };
    });
    return { total: candidates.slots.length, hits };
  }

  /** Public packs whose id or name matches the text as typed, best first. */
  suggestPacks(text: string, limit: number): PackSuggestion[] {
    const plan = planQuery(text);
    if (!plan) return [];
    const { packs } = this.index;
    const found = keep(
      this.matcher.match(plan, Field.Title, newHighlightTerms(), { allowPartial: false }),
      (slot) => !packs[slot]?.doc.banned,
    );
    const packOf = (i: number) => packs[found.slots[i] as number] as StoredPack;
    const compare = comparatorFor('relevance', packOf, (i) => found.relevance[i] as number);
    return topK(found.slots.length, limit, compare).map((i) => ({ id: packOf(i).doc.id, name: packOf(i).doc.name }));
  }

  /** Packs the text names exactly, by id or by repository URL, even if no word of it matched. */
  private exactLookups(text: string, plan: QueryPlan): number[] {
    const slots: number[] = [];
    const byId = this.index.slotOf(text.trim());
    if (byId !== undefined) slots.push(byId);
    if (plan.repository) {
      this.index.packs.forEach((pack, slot) => {
        if (pack && pack.doc.normalizedRepository === plan.repository) slots.push(slot);
      });
    }
    return slots;
  }

  private filterFor(query: SearchQuery): (pack: StoredPack) => boolean {
    const publishers = new Set(query.publisherIds.map((p) => p.toLowerCase()));
    const tags = query.tags.map(fold);
    const os = familyBits(OS_FAMILIES, query.os);
    const accelerators = familyBits(ACCELERATOR_FAMILIES, query.accelerators);
    const repository = query.repositoryText ? normalizeRepositoryUrl(query.repositoryText) : '';
    return (pack) =>
      (query.includeBanned || !pack.doc.banned) &&
      (publishers.size === 0 || publishers.has(pack.doc.publisherId.toLowerCase())) &&
      tags.every((t) => pack.tags.has(t)) &&
      (os === 0 || (pack.osMask & os) !== 0) &&
      (accelerators === 0 || (pack.acceleratorMask & accelerators) !== 0) &&
      (repository === '' || pack.doc.normalizedRepository.includes(repository));
  }
}

/** Packs in both sets (relevance from the text match); either set may be absent. */
function intersect(byText: Matches | null, byClass: Matches | null): Matches {
  if (!byText) return byClass ?? { slots: [], relevance: [] };
  if (!byClass) return byText;
  const inClass = new Set(byClass.slots);
  return keep(byText, (slot) => inClass.has(slot));
}

function keep(matches: Matches, predicate: (slot: number) => boolean): Matches {
  const slots: number[] = [];
  const relevance: number[] = [];
  matches.slots.forEach((slot, i) => {
    if (!predicate(slot)) return;
    slots.push(slot);
    relevance.push(matches.relevance[i] as number);
  });
  return { slots, relevance };
}
