import { comparePath, lineAnchor, versionFilePath } from '../../../lib/code-links';
import { highlightLines, plainLines } from './highlight';
import { buildTree, hashForClick, hunkRows, parseLineHash, splitRows } from './lines';
import { lastApprovedBefore } from './review';

describe('line addresses', () => {
  it('reads #L10 and #L10-L20 (either order) and nothing else', () => {
    expect(parseLineHash('#L10')).toEqual({ start: 10, end: 10 });
    expect(parseLineHash('#L20-L10')).toEqual({ start: 10, end: 20 });
    expect(parseLineHash('#L0')).toBeNull();
    expect(parseLineHash('#readme-x')).toBeNull();
  });

  it('makes a range from the selected line on shift-click, else selects the one line', () => {
    expect(hashForClick({ start: 5, end: 5 }, 9, true)).toBe('#L5-L9');
    expect(hashForClick({ start: 5, end: 5 }, 2, true)).toBe('#L2-L5');
    expect(hashForClick({ start: 5, end: 8 }, 9, false)).toBe('#L9');
    expect(lineAnchor(10, 20)).toBe('#L10-L20');
  });

  it('builds stable, shareable addresses with the folders of a path kept', () => {
    expect(versionFilePath('my-pack', '1.0.0', 'pack/sub dir/a#b.py', { line: 3, match: 'eval(x)' })).toBe(
      '/nodes/my-pack/versions/1.0.0/files/pack/sub%20dir/a%23b.py?match=eval(x)#L3',
    );
    expect(comparePath('my-pack', '1.0.0', '1.1.0')).toBe('/nodes/my-pack/compare/1.0.0...1.1.0');
  });
});

describe('highlighting', () => {
  it('keeps every line, splitting tokens that span lines, and escapes nothing itself (React does)', () => {
    const lines = highlightLines('x = """a\nb"""\nprint("<b>")\n', 'python');
    expect(lines.map((line) => line.map((t) => t.text).join(''))).toEqual(['x = """a', 'b"""', 'print("<b>")']);
    expect(lines[1]?.[0]?.className).toContain('hljs-string');
    expect(lines[2]?.some((t) => t.text.includes('<b>'))).toBe(true);
  });

  it('shows unknown languages and huge files as plain lines', () => {
    expect(highlightLines('a\nb', 'cobol')).toEqual(plainLines('a\nb'));
    expect(highlightLines('a\n', null)).toEqual([[{ text: 'a', className: '' }]]);
  });
});

describe('diff rows', () => {
  const hunk = {
    old_start: 1,
    old_lines: 3,
    new_start: 1,
    new_lines: 3,
    lines: [' a', '-b', '+B', '+C', ' d'],
  };

  it('numbers both sides and pairs a removed line with the added line that replaces it', () => {
    const rows = hunkRows(hunk);
    expect(rows.map((r) => [r.kind, r.oldLine, r.newLine])).toEqual([
      ['context', 1, 1],
      ['removed', 2, null],
      ['added', null, 2],
      ['added', null, 3],
      ['context', 3, 4],
    ]);
    expect(splitRows(rows).map((r) => [r.left?.text ?? null, r.right?.text ?? null])).toEqual([
      ['a', 'a'],
      ['b', 'B'],
      [null, 'C'],
      ['d', 'd'],
    ]);
  });
});

describe('tree and review base', () => {
  it('lists folders before files, each level by name', () => {
    const tree = buildTree([
      { path: 'p/z.py', size: 1 },
      { path: 'p/a/b.py', size: 2 },
      { path: 'p/README.md', size: 3 },
    ]);
    expect(tree[0]?.children?.map((n) => n.name)).toEqual(['a', 'README.md', 'z.py']);
    expect(tree[0]?.size).toBe(6);
  });

  it('reviews a held version against the newest Active version published before it', () => {
    const list = [
      { version: '1.3.0', status: 'NodeVersionStatusFlagged', createdAt: '2026-03-01' },
      { version: '1.2.0', status: 'NodeVersionStatusBanned', createdAt: '2026-02-01' },
      { version: '1.1.0', status: 'NodeVersionStatusActive', createdAt: '2026-01-15' },
      { version: '1.0.0', status: 'NodeVersionStatusActive', createdAt: '2026-01-01' },
    ];
    expect(lastApprovedBefore(list, '1.3.0')).toBe('1.1.0');
    expect(lastApprovedBefore(list, '1.0.0')).toBeNull();
  });
});
