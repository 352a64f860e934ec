import { badRequest } from '../../lib/errors.js';

/** Editable profile fields of a publisher, as the API names them. */
export interface PublisherProfile {
  name?: string | undefined;
  description?: string | undefined;
  website?: string | undefined;
  support?: string | undefined;
  source_code_repo?: string | undefined;
  logo?: string | undefined;
}

/** The profile as column values, for the fields that were given. */
export function profileColumns(profile: PublisherProfile) {
  checkHttpUrl('website', profile.website);
  checkHttpUrl('source_code_repo', profile.source_code_repo);
  checkHttpUrl('logo', profile.logo);
  if (profile.name !== undefined && profile.name.trim().length === 0) throw badRequest('name must not be empty');
  return {
    ...(profile.name !== undefined ? { name: profile.name.trim() } : {}),
    ...(profile.description !== undefined ? { description: profile.description } : {}),
    ...(profile.website !== undefined ? { website: profile.website } : {}),
    ...(profile.support !== undefined ? { support_email: profile.support } : {}),
    ...(profile.source_code_repo !== undefined ? { source_code_repo: profile.source_code_repo } : {}),
    ...(profile.logo !== undefined ? { logo_url: profile.logo } : {}),
  };
}

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
    throw badRequest(`${field} must be an http or https URL`, `got "${value.slice(0, 100)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest(`${field} must be an http or https URL`, `got scheme "${url.protocol}"`);
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
