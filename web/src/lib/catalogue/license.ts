/**
 * A pack's license as people read and type it. Publishing stores pyproject's `license` as the
 * JSON comfy-cli sends (`{"text": "MIT"}` or `{"file": "LICENSE"}`); imported packs carry plain
 * text. Screens show and edit the SPDX id or file name inside, never the JSON around it.
 */
export function licenseText(license: string): string {
  const trimmed = license.trim();
  if (!trimmed.startsWith('{')) return trimmed;
  try {
    const value = JSON.parse(trimmed) as unknown;
    if (value && typeof value === 'object') {
      const { text, file } = value as { text?: unknown; file?: unknown };
      if (typeof text === 'string' && text.trim()) return text.trim();
      if (typeof file === 'string' && file.trim()) return file.trim();
    }
    return '';
  } catch {
    return trimmed;
  }
}

/** Names that are license files rather than SPDX ids: `LICENSE`, `COPYING.txt`, `docs/license.md`. */
const LICENSE_FILE = /^(?:.*\/)?(?:licen[cs]e|copying|notice)(?:[._-][\w.-]*)?$|\.(?:txt|md|rst)$/i;

/**
 * What to store for the license a person typed. An untouched field keeps the stored value as it
 * was (so saving other fields never rewrites it); a changed one is stored in the same JSON shape
 * comfy-cli publishes, `{"file": ...}` for a file name and `{"text": ...}` for anything else.
 */
export function licenseToStore(typed: string, stored: string): string {
  const value = typed.trim();
  if (value === licenseText(stored)) return stored;
  if (!value) return '';
  return JSON.stringify(LICENSE_FILE.test(value) ? { file: value } : { text: value });
}
