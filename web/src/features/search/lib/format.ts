const compactFormats = new Map<string, Intl.NumberFormat>();

/** A count in short form for the language: 1.2K, 3.4M (12万 in Chinese, 1,2 k in French). */
export function formatCompact(value: number, language: string): string {
  let format = compactFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(language, format);
  }
  return format.format(value);
}
