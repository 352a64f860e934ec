/**
 * The shape the environment check needs of one Python requirement. The check depends only on
 * this interface; `readRequirementLine` is the adapter that fills it.
 */
export interface RequirementLine {
  /** Distribution name normalised as PEP 503 says (lower case, runs of `-_.` as one `-`). */
  name: string;
  /** The version specifier (`>=1.25,<2`), '' for any version. */
  specifier: string;
  /** The environment marker after `;`, or null. */
  marker: string | null;
  /** A direct reference (`name @ url`), or null. */
  url: string | null;
  /** The line as written. */
  raw: string;
}

/** PEP 503's name normalisation. */
export const normalizeDistributionName = (name: string): string => name.toLowerCase().replace(/[-_.]+/g, '-');

const NAME = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(\[[^\]]*\])?\s*(.*)$/;

/**
 * Splits one requirement into name, specifier, marker and URL; null for what is not a
 * requirement (comments, blank lines, pip options such as `-r` or `--extra-index-url`).
 */
export function readRequirementLine(line: string): RequirementLine | null {
  const raw = line.replace(/\s+#.*$/, '').trim();
  if (raw === '' || raw.startsWith('#') || raw.startsWith('-')) return null;
  const semicolon = raw.indexOf(';');
  const head = semicolon === -1 ? raw : raw.slice(0, semicolon);
  const marker = semicolon === -1 ? null : raw.slice(semicolon + 1).trim() || null;
  // A bare VCS or archive URL (`git+https://...#egg=name`): a direct reference, named by its egg if any.
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(head.trim())) {
    const egg = /#egg=([A-Za-z0-9._-]+)/.exec(head)?.[1];
    return { name: normalizeDistributionName(egg ?? head.trim()), specifier: '', marker, url: head.trim(), raw };
  }
  const match = NAME.exec(head);
  if (!match?.[1]) return null;
  let rest = (match[3] ?? '').trim();
  let url: string | null = null;
  if (rest.startsWith('@')) {
    url = rest.slice(1).trim();
    rest = '';
  }
  // `name (>=1.0)` is the older spelling of `name>=1.0`.
  if (rest.startsWith('(') && rest.endsWith(')')) rest = rest.slice(1, -1).trim();
  return { name: normalizeDistributionName(match[1]), specifier: rest.replace(/\s+/g, ''), marker, url, raw };
}
