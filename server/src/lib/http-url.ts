import { badRequest, withCode } from './errors.js';

/**
 * Links are rendered as `href`/`src` by the web app, so only http(s) URLs (or nothing) are
 * accepted: a `javascript:` link would run in a visitor's browser. 400 otherwise.
 */
export function checkHttpUrl(field: string, value: string | undefined): void {
  if (value === undefined || value === '') return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw withCode(
      badRequest(`${field} must be an http or https URL`, `got "${value.slice(0, 100)}"`),
      'validation.url',
      {
        field,
      },
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw withCode(
      badRequest(`${field} must be an http or https URL`, `got scheme "${url.protocol}"`),
      'validation.url',
      {
        field,
      },
    );
  }
}

/** Whether text is an absolute http(s) URL (not `javascript:`, `data:`, `file:` or a bare path). */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The link if it is an absolute http(s) URL, else nothing: for links taken from places that are
 * not refused as a whole for one bad field (an archive's pyproject.toml, an upstream registry's
 * answers). A `javascript:`, `data:` or `vbscript:` link is dropped, never stored.
 */
export function httpUrlOrEmpty(value: string | null | undefined): string {
  return value && isHttpUrl(value) ? value : '';
}
