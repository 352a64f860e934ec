import { nameFromUrl } from './names.js';
import { parsePep508 } from './pep508.js';
import type { PackRequirements, RequirementSource } from './types.js';

/** Limits that keep a hostile set of requirement files cheap to read. */
const MAX_FILES = 32;
const MAX_DEPTH = 8;
const MAX_ENTRIES = 5000;

/** pip's short options and their long names. */
const SHORT_OPTIONS: Record<string, string> = {
  '-r': '--requirement',
  '-c': '--constraint',
  '-e': '--editable',
  '-i': '--index-url',
  '-f': '--find-links',
};
/** Options that take a value (the others are flags such as `--pre`). */
const VALUE_OPTIONS = new Set([
  '--requirement',
  '--constraint',
  '--editable',
  '--index-url',
  '--extra-index-url',
  '--find-links',
  '--trusted-host',
  '--no-binary',
  '--only-binary',
  '--use-feature',
  '--config-settings',
  '--global-option',
  '--hash',
]);
/** pip's comment rule: `#` at the start of a line or after whitespace starts a comment. */
const COMMENT = /(^|\s+)#.*$/;
/** A requirement given as a URL (with or without a VCS prefix) rather than by name. */
const URL_LIKE = /^([a-z][a-z0-9+.-]*\+)?[a-z][a-z0-9+.-]*:\/\//i;
/** A requirement given as a local path (`.`, `./sub`, `../x`, `/abs`, `pkg.whl`). */
const PATH_LIKE = /^(\.{1,2}(\/|$)|\/|~)|\.(whl|tar\.gz|zip)$/i;

interface LogicalLine {
  text: string;
  line: number;
}

/** Joins `\`-continued lines and removes comments, as pip does before reading a line. */
function logicalLines(content: string): LogicalLine[] {
  const out: LogicalLine[] = [];
  const physical = content.split(/\r\n|\r|\n/);
  let pending = '';
  let start = 0;
  physical.forEach((raw, index) => {
    if (pending === '') start = index + 1;
    if (raw.endsWith('\\') && !COMMENT.test(raw)) {
      pending += raw.slice(0, -1);
      return;
    }
    const text = (pending + raw).replace(COMMENT, '').trim();
    pending = '';
    if (text !== '') out.push({ text, line: start });
  });
  if (pending.trim() !== '') out.push({ text: pending.trim(), line: start });
  return out;
}

/** `--opt=value`, `--opt value`, `-ovalue` or `-o value`, with the option's long name. */
function splitOption(text: string): { option: string; value: string } {
  const long = /^(--[a-z][a-z0-9-]*)(?:[=\s]\s*(.*))?$/i.exec(text);
  if (long?.[1]) return { option: long[1].toLowerCase(), value: (long[2] ?? '').trim() };
  const short = /^(-[a-z])\s*(.*)$/i.exec(text);
  const name = short?.[1] ?? text;
  return { option: SHORT_OPTIONS[name] ?? name, value: (short?.[2] ?? '').trim() };
}

/** A line's requirement and its per-requirement options (`--hash=...`, `--config-settings ...`). */
function splitLineOptions(text: string): { requirement: string; options: { option: string; value: string }[] } {
  const at = text.search(/\s--[a-z]/i);
  if (at < 0) return { requirement: text, options: [] };
  const options = text
    .slice(at)
    .trim()
    .split(/\s+(?=--[a-z])/i)
    .map(splitOption);
  return { requirement: text.slice(0, at).trim(), options };
}

/** Resolves an included file's path against the including file's folder; null when it leaves the archive. */
function resolveInclude(from: string, path: string): string | null {
  if (path.startsWith('/') || /^[a-z]:[\\/]/i.test(path)) return null;
  const parts = from.split('/').slice(0, -1);
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else {
      parts.push(part);
    }
  }
  return parts.join('/');
}

/**
 * Reads a requirements file and the files it includes (`-r`, `-c`) the way pip reads them,
 * appending to `into`. Included paths resolve against the including file's folder and must stay
 * inside the archive; a file is read once even when included twice (pip would loop forever on a
 * cycle). `read` returns a file's text, or null when the archive has no such file.
 */
export function readRequirementsFile(
  path: string,
  read: (path: string) => string | null,
  into: PackRequirements,
  constraint = false,
  depth = 0,
): void {
  const content = read(path);
  if (content === null || into.files.includes(path) || into.files.length >= MAX_FILES) return;
  into.files.push(path);
  for (const { text, line } of logicalLines(content)) {
    if (into.requirements.length + into.options.length + into.problems.length >= MAX_ENTRIES) return;
    const source: RequirementSource = { sourceFile: path, line, text };
    if (text.startsWith('-')) {
      const { option, value } = splitOption(text);
      if (option === '--requirement' || option === '--constraint') {
        include(path, value, option, source, read, into, constraint || option === '--constraint', depth);
      } else if (option === '--editable') {
        if (value === '') into.problems.push({ ...source, message: '-e without a path or URL' });
        else addReference(value, source, into, constraint, true);
      } else if (VALUE_OPTIONS.has(option) && value === '') {
        into.problems.push({ ...source, message: `${option} without a value` });
      } else {
        into.options.push({ ...source, option, value });
      }
      continue;
    }
    const { requirement, options } = splitLineOptions(text);
    // Hashes pin the files; any other option on a requirement line is recorded (pip refuses most).
    for (const o of options) if (o.option !== '--hash') into.options.push({ ...source, ...o });
    if (URL_LIKE.test(requirement)) {
      addReference(requirement, source, into, constraint, false);
      continue;
    }
    const parsed = parsePep508(requirement);
    if (parsed.ok) into.requirements.push({ ...source, ...parsed.fields, editable: false, constraint });
    else if (PATH_LIKE.test(requirement)) addReference(requirement, source, into, constraint, false);
    else into.problems.push({ ...source, message: parsed.message });
  }
}

function include(
  from: string,
  target: string,
  option: string,
  source: RequirementSource,
  read: (path: string) => string | null,
  into: PackRequirements,
  constraint: boolean,
  depth: number,
): void {
  if (target === '') {
    into.problems.push({ ...source, message: `${option} without a file` });
    return;
  }
  // A requirements file fetched from the network is an option pip follows, not a file of the pack.
  if (URL_LIKE.test(target)) {
    into.options.push({ ...source, option, value: target });
    return;
  }
  const resolved = resolveInclude(from, target);
  if (resolved === null) {
    into.problems.push({ ...source, message: `${target} is outside the archive` });
  } else if (read(resolved) === null) {
    into.problems.push({ ...source, message: `${resolved} is not in the archive` });
  } else if (depth >= MAX_DEPTH) {
    into.problems.push({ ...source, message: `${resolved} is included too deeply` });
  } else {
    readRequirementsFile(resolved, read, into, constraint, depth + 1);
  }
}

/** A bare URL or path (`git+https://…#egg=x`, `./vendor/pkg`, `https://…/x.whl`). */
function addReference(
  reference: string,
  source: RequirementSource,
  into: PackRequirements,
  constraint: boolean,
  editable: boolean,
): void {
  // `-e name @ url` and `name @ url` read as PEP 508; only bare references get here otherwise.
  if (!URL_LIKE.test(reference) && !PATH_LIKE.test(reference)) {
    const parsed = parsePep508(reference);
    if (parsed.ok) {
      into.requirements.push({ ...source, ...parsed.fields, editable, constraint });
      return;
    }
  }
  const [url = reference, marker = ''] = reference.split(/\s*;\s*/, 2);
  into.requirements.push({
    ...source,
    name: nameFromUrl(url),
    specifier: '',
    extras: [],
    markers: marker.trim(),
    url: url.trim(),
    editable,
    constraint,
  });
}

/**
 * Reads `[project].dependencies` (PEP 508 strings only: requirements-file options are not
 * allowed there). `pyproject` is the file's text, used only to find each entry's line.
 */
export function readProjectDependencies(dependencies: string[], pyproject: string, into: PackRequirements): void {
  if (dependencies.length === 0) return;
  into.files.push('pyproject.toml');
  const lines = pyproject.split(/\r\n|\r|\n/);
  for (const dependency of dependencies.slice(0, MAX_ENTRIES)) {
    const text = dependency.trim();
    const at = lines.findIndex((l) => l.includes(JSON.stringify(dependency)) || l.includes(`'${dependency}'`));
    const source: RequirementSource = { sourceFile: 'pyproject.toml', line: at + 1, text };
    const parsed = parsePep508(text);
    if (parsed.ok) into.requirements.push({ ...source, ...parsed.fields, editable: false, constraint: false });
    else into.problems.push({ ...source, message: parsed.message });
  }
}
