/**
 * Case and accent folding: the one definition of "the same letters" for indexing, querying and
 * highlighting. `Ré-sumé` and `RESUME` fold to `re-sume` and `resume`.
 */

// Letters that Unicode decomposition leaves alone but readers treat as plain Latin letters.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ı: 'i',
};
const SPECIAL = /[ßøØłŁđĐæÆœŒı]/g;
const MARKS = /\p{M}+/gu;
// Any UTF-16 code unit above 0x7f (surrogate halves included) is outside ASCII.
const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * Whether the text is all ASCII, which folding only lower-cases: callers then fold a whole text
 * once and slice it, the offsets being the same.
 */
export function isAscii(text: string): boolean {
  return !NOT_ASCII.test(text);
}

/** Lower-cases and strips accents; compatibility forms (full-width letters) become plain ones. */
export function fold(text: string): string {
  if (isAscii(text)) return text.toLowerCase();
  return (
    text
      .normalize('NFKD')
      .replace(MARKS, '')
      // Recompose what decomposition split without leaving marks (Hangul syllables).
      .normalize('NFC')
      .replace(SPECIAL, (c) => SPECIAL_LETTERS[c] ?? c)
      .toLowerCase()
  );
}
