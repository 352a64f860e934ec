/** Line ranges in the address (`#L10`, `#L10-L20`) and the rows of a diff. */

export interface LineRange {
  start: number;
  end: number;
}

/** The range an address's hash names, or null. */
export function parseLineHash(hash: string): LineRange | null {
  const match = /^#L(\d+)(?:-L(\d+))?$/.exec(hash);
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : start;
  if (start < 1) return null;
  return { start: Math.min(start, end), end: Math.max(start, end) };
}

/** The hash for a click on a line number: the line alone, or a range from the current line (shift). */
export function hashForClick(current: LineRange | null, line: number, extend: boolean): string {
  if (extend && current) {
    const start = Math.min(current.start, line);
    const end = Math.max(current.start, line);
    return start === end ? `#L${start}` : `#L${start}-L${end}`;
  }
  return `#L${line}`;
}

/** One line of a hunk as the unified view shows it. */
export interface DiffRow {
  kind: 'context' | 'added' | 'removed' | 'note';
  oldLine: number | null;
  newLine: number | null;
  text: string;
}

export interface Hunk {
  old_start: number;
  old_lines: number;
  new_start: number;
  new_lines: number;
  lines: string[];
}

/** The rows of a hunk, numbered on both sides. */
export function hunkRows(hunk: Hunk): DiffRow[] {
  let oldLine = hunk.old_start;
  let newLine = hunk.new_start;
  return hunk.lines.map((line): DiffRow => {
    const sign = line[0];
    const text = line.slice(1);
    if (sign === '+') return { kind: 'added', oldLine: null, newLine: newLine++, text };
    if (sign === '-') return { kind: 'removed', oldLine: oldLine++, newLine: null, text };
    if (sign === '\\') return { kind: 'note', oldLine: null, newLine: null, text: line.slice(2) };
    return { kind: 'context', oldLine: oldLine++, newLine: newLine++, text };
  });
}

/** A row of the side-by-side view: the old line on the left, the new one on the right. */
export interface SplitRow {
  left: DiffRow | null;
  right: DiffRow | null;
}

/** Pairs removed lines with the added lines that follow them, so a changed line sits beside its new form. */
export function splitRows(rows: DiffRow[]): SplitRow[] {
  const out: SplitRow[] = [];
  let i = 0;
  while (i < rows.length) {
    const row = rows[i] as DiffRow;
    if (row.kind === 'context' || row.kind === 'note') {
      out.push({ left: row, right: row });
      i++;
      continue;
    }
    const removed: DiffRow[] = [];
    const added: DiffRow[] = [];
    while (i < rows.length && (rows[i] as DiffRow).kind === 'removed') removed.push(rows[i++] as DiffRow);
    while (i < rows.length && (rows[i] as DiffRow).kind === 'added') added.push(rows[i++] as DiffRow);
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      out.push({ left: removed[k] ?? null, right: added[k] ?? null });
    }
  }
  return out;
}

/** Folders and files of a listing as a tree, folders first, each level in name order. */
export interface TreeNode {
  name: string;
  path: string;
  size: number;
  children: TreeNode[] | null;
}

export function buildTree(files: readonly { path: string; size: number }[]): TreeNode[] {
  const root: TreeNode = { name: '', path: '', size: 0, children: [] };
  for (const file of files) {
    const parts = file.path.split('/');
    let node = root;
    parts.forEach((part, i) => {
      const isFile = i === parts.length - 1;
      const path = parts.slice(0, i + 1).join('/');
      let child = node.children?.find((c) => c.name === part && (c.children === null) === isFile);
      if (!child) {
        child = { name: part, path, size: 0, children: isFile ? null : [] };
        node.children?.push(child);
      }
      child.size += file.size;
      node = child;
    });
  }
  const sort = (nodes: TreeNode[]) => {
    nodes.sort((a, b) =>
      (a.children === null) === (b.children === null) ? a.name.localeCompare(b.name) : a.children ? -1 : 1,
    );
    for (const n of nodes) if (n.children) sort(n.children);
  };
  sort(root.children ?? []);
  return root.children ?? [];
}

/** Whether a text looks minified: a long longest line, as bundlers write. */
export function looksMinified(longestLine: number | null): boolean {
  return (longestLine ?? 0) > 1000;
}
