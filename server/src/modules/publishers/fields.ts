import { badRequest } from '../../lib/errors.js';
import { checkHttpUrl } from '../../lib/http-url.js';

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
