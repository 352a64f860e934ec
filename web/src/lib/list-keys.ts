/**
 * Pairs each item with a React key made from its content. Two items with the same content (the
 * same finding reported twice, two decisions in one second) get `#2`, `#3`... so keys stay unique
 * and stay with their item when the list changes, which a list index would not.
 */
export function withKeys<T>(items: readonly T[], keyOf: (item: T) => string): Array<[string, T]> {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = keyOf(item);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return [count === 1 ? base : `${base}#${count}`, item];
  });
}
