import { isValidSpecifier, normalizeList, normalizeSpecifier, sameCompat } from './compat';
import { diffJson } from './diff';

describe('version ranges', () => {
  it.each(['', '>=1.2.0', '>=1.2.0, <2.0.0', '==0.3.10', '~=1.0.0-beta.1', '1.2.3'])(
    'accepts %j like the server',
    (value) => {
      expect(isValidSpecifier(value)).toBe(true);
    },
  );

  it.each(['>=1.0', 'latest', '>=1.2.0,,foo', '=>1.2.0', '>=v1.2.0', '1.2.3+build', ',', '>=01.2.3'])(
    'refuses %j',
    (value) => {
      expect(isValidSpecifier(value)).toBe(false);
    },
  );

  it('normalizes like the server stores it', () => {
    expect(normalizeSpecifier(' >= 1.2.0 , < 2.0.0 ')).toBe('>=1.2.0,<2.0.0');
    expect(normalizeList([' POSIX :: Linux', 'MacOS', 'POSIX :: Linux', ''])).toEqual(['MacOS', 'POSIX :: Linux']);
  });

  it('compares compatibility settings after normalizing', () => {
    const base = {
      supported_os: ['MacOS', 'POSIX :: Linux'],
      supported_accelerators: ['CPU'],
      supported_comfyui_version: '>=1.0.0',
      supported_comfyui_frontend_version: '',
    };
    expect(
      sameCompat(base, { ...base, supported_os: ['POSIX :: Linux', 'MacOS'], supported_comfyui_version: '>= 1.0.0' }),
    ).toBe(true);
    expect(sameCompat(base, { ...base, supported_accelerators: [] })).toBe(false);
  });
});

describe('audit diff', () => {
  it('lists changed, added and removed values by path, leaving unchanged ones out', () => {
    expect(
      diffJson(
        { status: 'NodeStatusActive', status_detail: '', tags: ['a'], publisher: { id: 'x' }, gone: 1 },
        { status: 'NodeStatusBanned', status_detail: 'spam', tags: ['a'], publisher: { id: 'y' }, added: true },
      ),
    ).toEqual([
      { path: 'added', kind: 'added', after: 'true' },
      { path: 'gone', kind: 'removed', before: '1' },
      { path: 'publisher.id', kind: 'changed', before: '"x"', after: '"y"' },
      { path: 'status', kind: 'changed', before: '"NodeStatusActive"', after: '"NodeStatusBanned"' },
      { path: 'status_detail', kind: 'changed', before: '""', after: '"spam"' },
    ]);
  });

  it('reads lists kept as JSON text as the lists they hold', () => {
    expect(diffJson({ tags: '[]', os: '["a"]' }, { tags: '["x","y"]', os: '["a"]' })).toEqual([
      { path: 'tags', kind: 'changed', before: '[]', after: '["x","y"]' },
    ]);
    expect(diffJson({ note: '[not json' }, { note: 'ok' })).toEqual([
      { path: 'note', kind: 'changed', before: '"[not json"', after: '"ok"' },
    ]);
  });

  it('shows a creation (before null) as all added', () => {
    expect(diffJson(null, { id: 'p' })).toEqual([{ path: 'id', kind: 'added', after: '"p"' }]);
  });
});
