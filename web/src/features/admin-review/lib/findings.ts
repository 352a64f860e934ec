/** The part of a scanner finding this screen shows. */
export interface Finding {
  file_path: string;
  line_number: number;
  issue_type: string;
  code_snippet: string;
  message: string;
  previously_approved: boolean;
}

/** Findings of one file, by line. */
export interface FileFindings<F extends Finding> {
  file: string;
  findings: F[];
}

const collator = new Intl.Collator('en', { numeric: true });

/** Groups findings by file (files in natural order), each file's findings by line number. */
export function groupByFile<F extends Finding>(findings: readonly F[]): FileFindings<F>[] {
  const byFile = new Map<string, F[]>();
  for (const finding of findings) {
    const list = byFile.get(finding.file_path) ?? [];
    list.push(finding);
    byFile.set(finding.file_path, list);
  }
  return [...byFile.entries()]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([file, list]) => ({ file, findings: [...list].sort((a, b) => a.line_number - b.line_number) }));
}

/**
 * A link to a file and line in the pack's repository: `…/blob/HEAD/<path>#L<line>` on GitHub,
 * `…/-/blob/HEAD/<path>#L<line>` on GitLab, else the repository itself. Null for no usable URL.
 * The registry does not store which commit an archive came from, so the default branch is used.
 */
export function repositoryLineUrl(repository: string, filePath: string, line: number): string | null {
  let url: URL;
  try {
    url = new URL(repository.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const parts = url.pathname
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .split('/')
    .filter(Boolean);
  const path = filePath
    .replace(/^\.?\/+/, '')
    .split('/')
    .map(encodeURIComponent)
    .join('/');
  const anchor = line > 0 ? `#L${line}` : '';
  const host = url.hostname.toLowerCase();
  if ((host === 'github.com' || host === 'www.github.com') && parts.length >= 2) {
    return `https://github.com/${parts[0]}/${parts[1]}/blob/HEAD/${path}${anchor}`;
  }
  if (host === 'gitlab.com' && parts.length >= 2) {
    return `https://gitlab.com/${parts.join('/')}/-/blob/HEAD/${path}${anchor}`;
  }
  return url.toString();
}
