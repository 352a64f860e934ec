import { type AnalyzeOptions, analyze } from '../text/analyze.js';
import { compoundKey } from './stored-pack.js';

/** A term of a text and the span it stands for, as `analyze` gives them. */
export interface TextTerm {
  term: string;
  start: number;
  end: number;
  joined: boolean;
}

interface Entry {
  letters: string;
  /** Made when first asked for: most texts are ruled out by their letters alone. */
  terms: TextTerm[] | null;
}

/**
 * What highlighting needs of the texts it meets again and again (names, descriptions and class
 * names of the packs that top most searches): their letters (`compoundKey`) and their terms, by
 * text. Folding and splitting the page's texts anew was most of a search's time for common words
 * (`comfyui`, `image`). Texts are the keys, so nothing goes stale; past `maxCost` (characters,
 * plus 64 a term) it starts over.
 */
export class AnalyzedTexts {
  readonly #entries = new Map<string, Entry>();
  #cost = 0;

  constructor(
    private readonly options: AnalyzeOptions,
    private readonly maxCost: number,
  ) {}

  /** The text's folded letters and digits, separators dropped. */
  letters(text: string): string {
    return this.#entry(text).letters;
  }

  /** The text's terms, in order. */
  terms(text: string): readonly TextTerm[] {
    const entry = this.#entry(text);
    if (entry.terms === null) {
      const terms: TextTerm[] = [];
      analyze(text, this.options, (term, start, end, joined) => {
        terms.push({ term, start, end, joined });
      });
      entry.terms = terms;
      this.#charge(terms.length * 64);
    }
    return entry.terms;
  }

  #entry(text: string): Entry {
    let entry = this.#entries.get(text);
    if (!entry) {
      entry = { letters: compoundKey(text), terms: null };
      this.#charge(text.length);
      this.#entries.set(text, entry);
    }
    return entry;
  }

  #charge(cost: number): void {
    this.#cost += cost;
    if (this.#cost <= this.maxCost) return;
    // Starting over keeps a hit to one lookup (no use order to maintain); popular texts come back at once.
    this.#entries.clear();
    this.#cost = 0;
  }
}
