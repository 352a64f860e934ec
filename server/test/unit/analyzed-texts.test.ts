import { describe, expect, it } from 'vitest';
import { AnalyzedTexts, type TextTerm } from '../../src/modules/search/memory/analyzed-texts.js';
import { compoundKey } from '../../src/modules/search/memory/stored-pack.js';
import { type AnalyzeOptions, analyze } from '../../src/modules/search/text/analyze.js';

const options: AnalyzeOptions = { joinAcrossSpaces: true };

function analysed(text: string): TextTerm[] {
  const terms: TextTerm[] = [];
  analyze(text, options, (term, start, end, joined) => terms.push({ term, start, end, joined }));
  return terms;
}

describe('the texts highlighting has analysed', () => {
  const texts = ['IPAdapter Apply (SEGS)', 'Ré-sumé Loader', 'KSampler Advanced', '中文节点 Loader', ''];

  it('gives the letters and terms the analyser gives, asked once or many times', () => {
    const cache = new AnalyzedTexts(options, 1_000_000);
    for (let round = 0; round < 3; round++) {
      for (const text of texts) {
        expect(cache.letters(text)).toBe(compoundKey(text));
        expect(cache.terms(text)).toEqual(analysed(text));
      }
    }
  });

  it('still answers correctly once its budget has made it start over', () => {
    const cache = new AnalyzedTexts(options, 100);
    for (let i = 0; i < 200; i++) {
      const text = `${texts[i % texts.length]} ${i}`;
      expect(cache.terms(text)).toEqual(analysed(text));
      expect(cache.letters(text)).toBe(compoundKey(text));
    }
  });
});
