import { nameFromUrl, parsePep508 } from '../../engines/archive/requirements/index.js';
import type { PythonRequirementJson } from '../catalogue/wire.js';

/** The shape the environment check needs of one Python requirement. */
export interface RequirementLine {
  /** Distribution name normalised as PEP 503 says; '' when a bare URL names none. */
  name: string;
  /** The version specifier (`>=1.25,<2`), '' for any version. */
  specifier: string;
  /** The environment marker, or null. */
  marker: string | null;
  /** A direct reference (`name @ url`, a bare URL), or null. */
  url: string | null;
  /** The requirement as written. */
  raw: string;
}

/**
 * One line of a requirements file or one `[project].dependencies` entry, read with the archive
 * module's PEP 508 parser; null for what installs nothing (comments, blank lines, pip options)
 * or cannot be read.
 */
export function readRequirementLine(line: string): RequirementLine | null {
  const raw = line.replace(/(^|\s)#.*$/, '').trim();
  if (raw === '' || raw.startsWith('-')) return null;
  // A bare VCS or archive URL (`git+https://...#egg=name`) is a direct reference.
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(raw)) {
    return { name: nameFromUrl(raw), specifier: '', marker: null, url: raw, raw };
  }
  const parsed = parsePep508(raw);
  if (!parsed.ok) return null;
  const { name, specifier, markers, url } = parsed.fields;
  return { name, specifier, marker: markers || null, url: url || null, raw };
}

/** A requirement the registry stored for a version (requirements and constraints; options install nothing). */
export function storedRequirementLine(row: PythonRequirementJson): RequirementLine | null {
  if (row.kind !== 'requirement' && row.kind !== 'constraint') return null;
  return { name: row.name, specifier: row.specifier, marker: row.markers || null, url: row.url || null, raw: row.text };
}
