/**
 * The link if it is an absolute http(s) URL, else null. Pack and publisher links come from
 * publishers and from mirrored registries; anything else (`javascript:`, `data:`, `vbscript:`,
 * a bare path) is shown as text or not at all, never as a live link or image source.
 */
export function httpLink(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}
