import { groupByFile, repositoryLineUrl } from './findings';
import { parseQueueParams, queueSearch } from './queue-params';
import { clickSelect, emptySelection, extendSelect, keepOnly, toggleAll } from './selection';

const keys = ['a@1', 'b@1', 'c@1', 'd@1', 'e@1'];
const sorted = (s: ReadonlySet<string>) => [...s].sort();

describe('selection', () => {
  it('a plain click toggles one and sets the anchor', () => {
    const once = clickSelect(emptySelection, keys, 'b@1', false);
    expect(sorted(once.selected)).toEqual(['b@1']);
    expect(once.anchor).toBe('b@1');
    expect(sorted(clickSelect(once, keys, 'b@1', false).selected)).toEqual([]);
  });

  it('a shift-click ticks the range from the anchor, either direction', () => {
    const anchored = clickSelect(emptySelection, keys, 'b@1', false);
    expect(sorted(clickSelect(anchored, keys, 'd@1', true).selected)).toEqual(['b@1', 'c@1', 'd@1']);
    const up = clickSelect(clickSelect(emptySelection, keys, 'e@1', false), keys, 'c@1', true);
    expect(sorted(up.selected)).toEqual(['c@1', 'd@1', 'e@1']);
  });

  it('a shift-click from an unticked anchor clears the range', () => {
    let s = toggleAll(emptySelection, keys);
    s = clickSelect(s, keys, 'b@1', false);
    s = clickSelect(s, keys, 'd@1', true);
    expect(sorted(s.selected)).toEqual(['a@1', 'e@1']);
  });

  it('a shift-click with no anchor is a plain click', () => {
    expect(sorted(clickSelect(emptySelection, keys, 'c@1', true).selected)).toEqual(['c@1']);
  });

  it('shift+arrow extends to the neighbour and moves focus; stops at the ends', () => {
    const down = extendSelect(emptySelection, keys, 'b@1', 1);
    expect(sorted(down.selection.selected)).toEqual(['b@1', 'c@1']);
    expect(down.focus).toBe('c@1');
    const up = extendSelect(down.selection, keys, 'b@1', -1);
    expect(sorted(up.selection.selected)).toEqual(['a@1', 'b@1', 'c@1']);
    expect(extendSelect(emptySelection, keys, 'e@1', 1).focus).toBeNull();
  });

  it('toggle all ticks the page, then clears it; keepOnly drops vanished keys', () => {
    const all = toggleAll(emptySelection, keys);
    expect(all.selected.size).toBe(5);
    expect(toggleAll(all, keys).selected.size).toBe(0);
    const kept = keepOnly({ selected: new Set(['a@1', 'z@9']), anchor: 'z@9' }, keys);
    expect(sorted(kept.selected)).toEqual(['a@1']);
    expect(kept.anchor).toBeNull();
  });
});

describe('findings', () => {
  const f = (file_path: string, line_number: number) => ({
    file_path,
    line_number,
    issue_type: 'x',
    code_snippet: '',
    message: '',
    previously_approved: false,
  });

  it('groups by file in natural order, lines ascending', () => {
    const groups = groupByFile([f('b.py', 10), f('a10.py', 1), f('b.py', 2), f('a2.py', 5)]);
    expect(groups.map((g) => g.file)).toEqual(['a2.py', 'a10.py', 'b.py']);
    expect(groups[2]?.findings.map((x) => x.line_number)).toEqual([2, 10]);
  });

  it('links GitHub files at the line, GitLab too, other hosts to the repository', () => {
    expect(repositoryLineUrl('https://github.com/acme/hello.git/', 'src/my file.py', 7)).toBe(
      'https://github.com/acme/hello/blob/HEAD/src/my%20file.py#L7',
    );
    expect(repositoryLineUrl('https://gitlab.com/g/sub/p', 'a.py', 3)).toBe(
      'https://gitlab.com/g/sub/p/-/blob/HEAD/a.py#L3',
    );
    expect(repositoryLineUrl('https://example.org/r', 'a.py', 3)).toBe('https://example.org/r');
    expect(repositoryLineUrl('javascript:alert(1)', 'a.py', 3)).toBeNull();
    expect(repositoryLineUrl('', 'a.py', 3)).toBeNull();
  });
});

describe('queue URL', () => {
  it('defaults to Pending and Flagged, page 1', () => {
    expect(parseQueueParams(new URLSearchParams(''))).toEqual({
      statuses: ['NodeVersionStatusPending', 'NodeVersionStatusFlagged'],
      nodeId: '',
      q: '',
      page: 1,
    });
  });

  it('reads statuses, pack, text and page, ignoring junk, and writes them back', () => {
    const parsed = parseQueueParams(new URLSearchParams('status=FLAGGED&status=nope&pack=hello&q=exec&page=3'));
    expect(parsed).toEqual({ statuses: ['NodeVersionStatusFlagged'], nodeId: 'hello', q: 'exec', page: 3 });
    expect(queueSearch(parsed).toString()).toBe('status=flagged&pack=hello&q=exec&page=3');
    expect(queueSearch(parseQueueParams(new URLSearchParams('page=-2'))).toString()).toBe('');
  });
});
