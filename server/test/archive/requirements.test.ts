import { describe, expect, it } from 'vitest';
import { readPackRequirements } from '../../src/engines/archive/requirements/index.js';

function reader(files: Record<string, string>) {
  return (path: string) => files[path] ?? null;
}

describe('pack requirements', () => {
  it('reads names, specifiers, extras, markers and URLs with their file and line', () => {
    const result = readPackRequirements(
      reader({
        'requirements.txt': [
          '# comment line',
          'Opencv_Python.Headless>=4.8, <5  # trailing comment',
          'Pillow[Extra_One]~=10.0 ; python_version < "3.12"',
          'torch==2.3.0 \\',
          '  --hash=sha256:abc',
          'mypkg @ https://example.org/mypkg-1.0-py3-none-any.whl',
          'git+https://github.com/owner/repo@main#egg=Owner_Pkg',
          '-e ./vendored',
        ].join('\n'),
      }),
      ['numpy>=1.26', 'comfyui-frontend-package>=1.10.0'],
      '[project]\ndependencies = [\n  "numpy>=1.26",\n  "comfyui-frontend-package>=1.10.0",\n]\n',
    );
    expect(result.problems).toEqual([]);
    expect(result.files).toEqual(['requirements.txt', 'pyproject.toml']);
    const rows = result.requirements.map((r) => [
      r.name,
      r.specifier,
      r.extras,
      r.markers,
      r.url,
      r.editable,
      r.sourceFile,
      r.line,
    ]);
    expect(rows).toEqual([
      ['opencv-python-headless', '>=4.8,<5', [], '', '', false, 'requirements.txt', 2],
      ['pillow', '~=10.0', ['extra-one'], 'python_version < "3.12"', '', false, 'requirements.txt', 3],
      ['torch', '==2.3.0', [], '', '', false, 'requirements.txt', 4],
      ['mypkg', '', [], '', 'https://example.org/mypkg-1.0-py3-none-any.whl', false, 'requirements.txt', 6],
      ['owner-pkg', '', [], '', 'git+https://github.com/owner/repo@main#egg=Owner_Pkg', false, 'requirements.txt', 7],
      ['', '', [], '', './vendored', true, 'requirements.txt', 8],
      ['numpy', '>=1.26', [], '', '', false, 'pyproject.toml', 3],
      ['comfyui-frontend-package', '>=1.10.0', [], '', '', false, 'pyproject.toml', 4],
    ]);
  });

  it('records index options, follows includes relative to the including file, and reads each file once', () => {
    const result = readPackRequirements(
      reader({
        'requirements.txt':
          '--extra-index-url https://pypi.example.net/simple\n-r reqs/base.txt\n-c reqs/pins.txt\n-r requirements.txt\n',
        'reqs/base.txt': '-f https://wheels.example.net/\n-r ../common.txt\n',
        'common.txt': 'requests\n',
        'reqs/pins.txt': 'requests<3\n',
      }),
    );
    expect(result.files).toEqual(['requirements.txt', 'reqs/base.txt', 'common.txt', 'reqs/pins.txt']);
    expect(result.options.map((o) => [o.option, o.value, o.sourceFile, o.line])).toEqual([
      ['--extra-index-url', 'https://pypi.example.net/simple', 'requirements.txt', 1],
      ['--find-links', 'https://wheels.example.net/', 'reqs/base.txt', 1],
    ]);
    expect(result.requirements.map((r) => [r.name, r.specifier, r.constraint, r.sourceFile])).toEqual([
      ['requests', '', false, 'common.txt'],
      ['requests', '<3', true, 'reqs/pins.txt'],
    ]);
  });

  it('reports what pip could not read instead of failing', () => {
    const result = readPackRequirements(
      reader({
        'requirements.txt':
          'good==1\nnot a requirement!!\n-r ../../etc/passwd\n-r missing.txt\n-r https://example.net/r.txt\n',
      }),
      ['--index-url https://x'],
    );
    expect(result.requirements.map((r) => r.name)).toEqual(['good']);
    expect(result.options.map((o) => [o.option, o.value])).toEqual([['--requirement', 'https://example.net/r.txt']]);
    expect(result.problems.map((p) => [p.sourceFile, p.line, p.message.split(' (')[0]])).toEqual([
      ['requirements.txt', 2, 'not a valid requirement'],
      ['requirements.txt', 3, '../../etc/passwd is outside the archive'],
      ['requirements.txt', 4, 'missing.txt is not in the archive'],
      ['pyproject.toml', 0, 'not a valid requirement'],
    ]);
  });

  it('returns an empty list for a pack without requirements', () => {
    expect(readPackRequirements(reader({}))).toEqual({ requirements: [], options: [], problems: [], files: [] });
  });
});
