import { AnswerCache, type EncodableBody } from '../../engines/answer-cache/answer-cache.js';

/** A serialized search answer and how many packs it matched (counting popular searches needs it). */
export interface SearchAnswer extends EncodableBody {
  total: number;
}

/**
 * Serialized `GET /nodes/search` answers by normalised request, valid while the search engine's
 * revision they were built under holds (the shared `AnswerCache`, with the revision as its
 * generation). The revision moves whenever the index applies a change, whether written on this
 * instance (at once) or on another (when the change feed reaches this one), so a cached answer is
 * never staler than the index itself. Popular searches and the empty one repeat all the time; each
 * is then matched, loaded and serialised once per change.
 *
 * Download and star counts are not catalogue changes: the engine re-reads them for ordering every
 * `SEARCH_POPULARITY_REFRESH_MS`, which moves the revision, so counts in a cached answer are as old
 * as the figures its order was made with. (A shorter age limit was tried: at 64 connections every
 * popular answer then expired at once every few seconds, and rebuilding them together stalled
 * the event loop.)
 */
export function searchAnswerCache(options: { maxBytes: number }): AnswerCache<SearchAnswer> {
  return new AnswerCache<SearchAnswer>({ maxBytes: options.maxBytes });
}
