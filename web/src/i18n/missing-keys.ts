/** A nested translation file. */
export interface TranslationTree {
  [key: string]: string | TranslationTree;
}

/** Flattens a nested file to dotted keys: {a: {b: "x"}} → {"a.b": "x"}. */
export function flatten(tree: TranslationTree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

/** Keys present in the English file but absent (or empty) in another language's file. */
export function missingKeys(english: TranslationTree, other: TranslationTree | undefined): string[] {
  const theirs = other ? flatten(other) : {};
  return Object.keys(flatten(english)).filter((key) => !theirs[key]);
}
