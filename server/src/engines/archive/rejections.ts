/**
 * Every reason the pipeline can refuse an uploaded archive for, each with its stable code
 * (docs/api-errors.md) and the English sentence stored as the version's reason. The sentence is
 * written from the template and read back by the same template, so a stored reason (also one
 * written before codes existed) yields its code and parameters without a column of its own.
 *
 * In a template, `{key:kind}` is one parameter: `json` is written as a JSON string (entry names,
 * which may hold any character), `int` as digits, `text` as is (only where the rest of the
 * sentence bounds it), `field` a `project.*` field named by its key alone (`project.name` as `name`).
 */
export const REJECTION_TEMPLATES = {
  // The whole archive.
  'archive.too_large': 'the archive is {size:int} bytes, more than the {limit:int}-byte limit',
  'archive.unreadable': 'the upload is not a readable zip archive ({detail:text})',
  'archive.too_many_entries': 'the archive has {count:int} entries, more than the {limit:int}-entry limit',
  'archive.empty': 'the archive is empty',
  'archive.directory_damaged': "the archive's file list is damaged ({detail:text})",
  'archive.python_too_large':
    "the archive's Python files add up to {size:int} bytes, more than the {limit:int}-byte analysis limit; leave generated or vendored code out of the pack",
  'archive.text_too_large':
    "the archive's text files (sources, scripts, web code, lists) add up to {size:int} bytes, more than the {limit:int}-byte analysis limit; leave generated or bundled files out of the pack",
  'archive.unpacked_too_large': 'the archive unpacks to more than {limit:int} bytes (the limit)',
  'archive.overlapping_entries': 'two archive entries share the same data (overlapping entries, a zip-bomb technique)',
  // One entry's name.
  'archive.entry_name_empty': 'the archive has an entry with an empty name',
  'archive.entry_name_control': 'entry {entry:json} has control characters in its name',
  'archive.entry_name_backslash':
    'entry {entry:json} uses a backslash in its path; archive paths must use forward slashes',
  'archive.entry_name_absolute': 'entry {entry:json} has an absolute path; paths must be relative to the pack root',
  'archive.entry_name_drive': 'entry {entry:json} starts with a drive letter; paths must be relative to the pack root',
  'archive.entry_name_colon': 'entry {entry:json} has a colon in its path, which Windows cannot unpack safely',
  'archive.path_traversal':
    'entry {entry:json} has a ".." path segment that would unpack outside the pack folder (zip-slip)',
  'archive.entry_name_segment':
    'entry {entry:json} has an empty or "." path segment; paths must be plain relative paths',
  'archive.entry_name_encoding':
    'entry {entry:json} has a file name that is not valid UTF-8; re-create the archive with UTF-8 file names',
  'archive.entry_name_too_long':
    'entry {entry:json} has a file or folder name of {size:int} bytes, more than the {limit:int} bytes file systems allow',
  // One entry's kind, flags and sizes.
  'archive.symlink': 'entry {entry:json} is a symbolic link; links could point outside the pack folder',
  'archive.special_file': 'entry {entry:json} is not a regular file or folder',
  'archive.encrypted': 'entry {entry:json} is encrypted; the registry cannot inspect encrypted files',
  'archive.compression_method':
    'entry {entry:json} uses compression method {method:int}; only stored and deflate are accepted',
  'archive.duplicate_entry': 'the archive contains {entry:json} more than once',
  'archive.case_collision':
    'entries {other:json} and {entry:json} differ only by letter case and overwrite each other on Windows and macOS',
  'archive.compression_ratio':
    'entry {entry:json} expands {ratio:int}-fold (limit {limit:int}); this looks like a zip bomb',
  'archive.file_folder_conflict': 'entry {entry:json} sits inside a path that is also a file',
  'archive.local_header_missing': "entry {entry:json} has no local header where the archive's directory says it is",
  'archive.local_header_truncated': 'entry {entry:json} has a truncated local header',
  'archive.local_header_damaged': 'entry {entry:json} has a damaged local header',
  'archive.local_header_mismatch':
    "entry {entry:json} has a local header whose {field:text} differs from the archive's directory; extractors would disagree about this file",
  // Inflating one entry.
  'archive.entry_unreadable': 'entry {entry:json} cannot be read: {detail:text}',
  'archive.entry_larger_than_declared':
    'entry {entry:json} inflates to more than the {declared:int} bytes its header declares; this looks like a zip bomb',
  // Before `entry_damaged`, whose detail would also match "checksum mismatch".
  'archive.entry_checksum': 'entry {entry:json} is damaged: checksum mismatch',
  'archive.entry_damaged': 'entry {entry:json} is damaged: {detail:text}',
  'archive.entry_truncated': 'entry {entry:json} is truncated: {size:int} of {declared:int} bytes present',
  // pyproject.toml.
  'archive.pyproject_too_large': 'pyproject.toml is {size:int} bytes, more than the {limit:int}-byte limit',
  'archive.pyproject_nested':
    'pyproject.toml must be at the archive root, but it is only at "{path:text}"; pack from the repository root (comfy node pack)',
  'archive.pyproject_missing': 'pyproject.toml is missing at the archive root',
  'archive.pyproject_not_utf8': 'pyproject.toml is not valid UTF-8 text',
  'archive.pyproject_syntax': 'pyproject.toml is not valid TOML: {detail:text} (line {line:int}, column {column:int})',
  'archive.pyproject_invalid': 'pyproject.toml could not be read: {detail:text}',
  'archive.pyproject_field_missing': 'pyproject.toml has no [project] {field:field}',
  'archive.other_node':
    'pyproject.toml names the package "{declared:text}", but it is being published as "{nodeId:text}"',
  'archive.bad_version': 'pyproject.toml version "{version:text}" is not a valid version',
  'archive.other_version':
    'pyproject.toml has version "{declared:text}", but version "{version:text}" is being published',
  'archive.version_path_missing': 'pyproject.toml declares a dynamic version but no [tool.comfy.version] path',
  'archive.version_file_missing': 'the version file "{path:text}" named in pyproject.toml is not in the archive',
  'archive.version_line_missing': 'no __version__ or VERSION line was found in "{path:text}"',
  // The pipeline around the analyser.
  'archive.stored_missing': 'the stored archive {key:text} is missing',
  'archive.stored_grew': 'the stored archive grew',
  'archive.stored_mismatch': 'the stored archive does not match the uploaded one',
  'archive.analysis_memory':
    'archive analysis needed more than {limit:int} MB of memory; the archive is too large or too complex to analyse',
  'archive.analysis_timeout':
    'archive analysis took longer than {seconds:int} s; the archive is too large or too complex to analyse',
} as const;

/** A stable code of a rejection reason. */
export type RejectionCode = keyof typeof REJECTION_TEMPLATES;

/** The values a rejection's sentence names. */
export type RejectionParams = Record<string, string | number>;

/** A rejection reason as clients translate it. */
export interface CodedRejection {
  code: RejectionCode;
  params: RejectionParams;
}

const SLOT = /\{(\w+):(json|int|text|field)\}/g;

/** The English sentence of a rejection, as stored in the version's reason. */
export function rejectionText(code: RejectionCode, params: RejectionParams = {}): string {
  return REJECTION_TEMPLATES[code].replace(SLOT, (_slot, key: string, kind: string) => {
    const value = params[key] ?? '';
    if (kind === 'json') return JSON.stringify(String(value));
    return kind === 'field' ? String(value).replace(/^project\./, '') : String(value);
  });
}

/** `{ok: false, reason}` for the analyser's results, worded from the code. */
export function rejected(code: RejectionCode, params: RejectionParams = {}): { ok: false; reason: string } {
  return { ok: false, reason: rejectionText(code, params) };
}

interface Reader {
  code: RejectionCode;
  pattern: RegExp;
  slots: { key: string; kind: string }[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SLOT_PATTERN: Record<string, string> = {
  json: '("(?:[^"\\\\]|\\\\.)*")',
  int: '(-?\\d+(?:\\.\\d+)?)',
  text: '(.*)',
  field: '(name|version)',
};

/** One pattern per template, in table order, so a more specific sentence is tried first. */
const READERS: Reader[] = (Object.keys(REJECTION_TEMPLATES) as RejectionCode[]).map((code) => {
  const template = REJECTION_TEMPLATES[code];
  const slots: Reader['slots'] = [];
  let source = '';
  let last = 0;
  for (const match of template.matchAll(SLOT)) {
    source += escapeRegExp(template.slice(last, match.index)) + SLOT_PATTERN[match[2] as string];
    slots.push({ key: match[1] as string, kind: match[2] as string });
    last = (match.index ?? 0) + match[0].length;
  }
  source += escapeRegExp(template.slice(last));
  return { code, pattern: new RegExp(`^${source}$`, 's'), slots };
});

/**
 * The code and parameters of a rejection sentence, or null for any other text (a reason written
 * by an older analyser in other words, or by another registry): clients then show it as it is.
 */
export function readRejection(reason: string): CodedRejection | null {
  for (const reader of READERS) {
    const match = reader.pattern.exec(reason);
    if (!match) continue;
    const params: RejectionParams = {};
    let valid = true;
    reader.slots.forEach(({ key, kind }, i) => {
      const raw = match[i + 1] ?? '';
      if (kind === 'int') params[key] = Number(raw);
      else if (kind === 'json') {
        try {
          params[key] = String(JSON.parse(raw));
        } catch {
          valid = false;
        }
      } else params[key] = kind === 'field' ? `project.${raw}` : raw;
    });
    if (valid) return { code: reader.code, params };
  }
  return null;
}
