import {
  deleteConfirmation,
  findingsFromReason,
  groupFindings,
  isFinished,
  parseTags,
  stepStates,
  uploadErrorKey,
} from './processing';

const finding = (file_path: string, line_number: number) => ({
  issue_type: 'obfuscated_code_execution',
  file_path,
  line_number,
  code_snippet: 'exec(x)',
  message: 'runs hidden code',
  scanner: 'python-ast',
  severity: 'high' as const,
});

describe('stepStates', () => {
  it('marks the upload current before the server answers', () => {
    expect(stepStates(null)).toEqual({
      upload: 'current',
      validating: 'pending',
      extracting: 'pending',
      scanning: 'pending',
      result: 'pending',
    });
  });
  it('shows extracting and scanning together (one pass)', () => {
    expect(stepStates('extracting')).toEqual({
      upload: 'done',
      validating: 'done',
      extracting: 'current',
      scanning: 'current',
      result: 'pending',
    });
  });
  it('ends done or failed', () => {
    expect(stepStates('done').result).toBe('done');
    expect(stepStates('failed').result).toBe('failed');
    expect(stepStates('failed').scanning).toBe('done');
    expect(isFinished('done')).toBe(true);
    expect(isFinished('queued')).toBe(false);
  });
});

describe('findings', () => {
  it('groups by file in first-seen order, lines ascending', () => {
    const groups = groupFindings([finding('b.py', 9), finding('a.py', 3), finding('b.py', 2)]);
    expect(groups.map((g) => [g.file, g.findings.map((f) => f.line_number)])).toEqual([
      ['b.py', [2, 9]],
      ['a.py', [3]],
    ]);
  });
  it('reads findings from a status reason and ignores anything else', () => {
    expect(findingsFromReason(JSON.stringify([finding('a.py', 1)]))).toEqual([finding('a.py', 1)]);
    expect(findingsFromReason('archive has no pyproject.toml')).toEqual([]);
    expect(findingsFromReason('{"a":1}')).toEqual([]);
    expect(findingsFromReason(undefined)).toEqual([]);
  });
});

describe('uploadErrorKey', () => {
  it('explains each failure the upload endpoint answers', () => {
    expect(uploadErrorKey(0, 'network error')).toBe('upload.errors.network');
    expect(uploadErrorKey(400, 'The archive is for another node')).toBe('upload.errors.otherNode');
    expect(uploadErrorKey(400, 'The archive cannot be published')).toBe('upload.errors.invalid');
    expect(uploadErrorKey(403, 'Node Banned')).toBe('upload.errors.banned');
    expect(uploadErrorKey(403, 'Permission denied')).toBe('upload.errors.forbidden');
    expect(uploadErrorKey(409, 'exists')).toBe('upload.errors.exists');
    expect(uploadErrorKey(413, 'too large')).toBe('upload.errors.tooLarge');
    expect(uploadErrorKey(415, 'zip')).toBe('upload.errors.notZip');
    expect(uploadErrorKey(500, 'boom')).toBe('upload.errors.server');
  });
});

describe('form helpers', () => {
  it('parses comma-separated tags', () => {
    expect(parseTags(' video, audio ,, video,')).toEqual(['video', 'audio']);
  });
  it('builds the typed confirmation', () => {
    expect(deleteConfirmation('acme', 'hello')).toBe('acme/hello');
  });
});
