/** Which versions are ticked, and where the last plain click was (the anchor of a shift-click range). */
export interface Selection {
  selected: ReadonlySet<string>;
  anchor: string | null;
}

export const emptySelection: Selection = { selected: new Set(), anchor: null };

/**
 * A click on `key`'s checkbox. Without shift it toggles that one and makes it the anchor. With
 * shift (and an anchor on the page) every key from the anchor to `key` takes the anchor's state.
 */
export function clickSelect(state: Selection, keys: readonly string[], key: string, shift: boolean): Selection {
  const from = state.anchor === null ? -1 : keys.indexOf(state.anchor);
  const to = keys.indexOf(key);
  if (to === -1) return state;
  const next = new Set(state.selected);
  if (shift && from !== -1 && state.anchor !== null) {
    const value = state.selected.has(state.anchor);
    const [lo, hi] = from < to ? [from, to] : [to, from];
    for (const k of keys.slice(lo, hi + 1)) {
      if (value) next.add(k);
      else next.delete(k);
    }
    return { selected: next, anchor: state.anchor };
  }
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return { selected: next, anchor: key };
}

/**
 * Shift+arrow from `key`: the neighbour in `direction` is ticked along with `key`. Returns the
 * new selection and the key to move focus to (null at either end).
 */
export function extendSelect(
  state: Selection,
  keys: readonly string[],
  key: string,
  direction: 1 | -1,
): { selection: Selection; focus: string | null } {
  const at = keys.indexOf(key);
  const target = at === -1 ? undefined : keys[at + direction];
  if (target === undefined) return { selection: state, focus: null };
  const next = new Set(state.selected);
  next.add(key);
  next.add(target);
  return { selection: { selected: next, anchor: state.anchor ?? key }, focus: target };
}

/** Ticks every key on the page, or clears them when all are ticked already. */
export function toggleAll(state: Selection, keys: readonly string[]): Selection {
  const all = keys.length > 0 && keys.every((k) => state.selected.has(k));
  const next = new Set(state.selected);
  for (const k of keys) {
    if (all) next.delete(k);
    else next.add(k);
  }
  return { selected: next, anchor: state.anchor };
}

/** Keeps only keys still on the page (after a reload or a decision). */
export function keepOnly(state: Selection, keys: readonly string[]): Selection {
  const present = new Set(keys);
  const selected = new Set([...state.selected].filter((k) => present.has(k)));
  if (selected.size === state.selected.size && (state.anchor === null || present.has(state.anchor))) return state;
  return { selected, anchor: state.anchor !== null && present.has(state.anchor) ? state.anchor : null };
}

/** The key of a version: `nodeId@version`. */
export const versionKey = (v: { node_id: string; version: string }) => `${v.node_id}@${v.version}`;
