/**
 * The license as people read it. Publishing stores pyproject's `license` as JSON text
 * (`{"text": "MIT"}` or `{"file": "LICENSE"}`); imported packs carry plain text.
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
