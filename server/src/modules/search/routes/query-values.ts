import type { FastifyRequest } from 'fastify';
import {
  ACCELERATOR_FAMILIES,
  OS_FAMILIES,
  parseAcceleratorFamily,
  parseOsFamily,
} from '../../../engines/search-index/filters.js';
import { badRequest } from '../../../lib/errors.js';
import { REPEATED_PARAMETERS, SEARCH_SORTS } from '../schemas.js';

/**
 * Runs before schema validation of `GET /nodes/search`: merges `name[]=` into `name=`, and turns
 * sort and filter values into their canonical form (any case, classifier spellings), answering
 * 400 with the valid values listed when one is unknown — clearer than a schema error.
 */
export async function canonicalizeSearchQuery(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  for (const name of REPEATED_PARAMETERS) {
    const bracketed = query[`${name}[]`];
    if (bracketed === undefined) continue;
    query[name] = [...asList(query[name]), ...asList(bracketed)];
    delete query[`${name}[]`];
  }
  if (query.sort !== undefined) {
    if (typeof query.sort !== 'string')
      throw badRequest('Invalid sort: give it once', `use one of ${SEARCH_SORTS.join(', ')}`);
    const sort = query.sort.trim().toLowerCase();
    if (!(SEARCH_SORTS as readonly string[]).includes(sort)) {
      throw badRequest(`Invalid sort: ${query.sort.slice(0, 100)}`, `use one of ${SEARCH_SORTS.join(', ')}`);
    }
    query.sort = sort;
  }
  if (query.supported_os !== undefined) {
    query.supported_os = asList(query.supported_os).map((value) => {
      const family = parseOsFamily(value);
      if (!family)
        throw badRequest(`Invalid supported_os: ${value.slice(0, 100)}`, `use one of ${OS_FAMILIES.join(', ')}`);
      return family;
    });
  }
  if (query.supported_accelerator !== undefined) {
    query.supported_accelerator = asList(query.supported_accelerator).map((value) => {
      const family = parseAcceleratorFamily(value);
      if (!family) {
        throw badRequest(
          `Invalid supported_accelerator: ${value.slice(0, 100)}`,
          `use one of ${ACCELERATOR_FAMILIES.join(', ')}`,
        );
      }
      return family;
    });
  }
}

function asList(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}
