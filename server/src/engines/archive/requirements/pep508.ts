import { parsePipRequirementsLine, RequirementsSyntaxError, type RequirementWithLocation } from 'pip-requirements-js';
import { normalizeName } from './names.js';

/** The fields of one PEP 508 dependency specifier. */
export interface Pep508Fields {
  name: string;
  specifier: string;
  extras: string[];
  markers: string;
  url: string;
}

/**
 * Reads one PEP 508 dependency specifier (`name[extras] specifier ; markers` or
 * `name[extras] @ url ; markers`) with the pip-requirements-js grammar, a port of the PEP's own.
 * Returns the reason instead when the text is not one.
 */
export function parsePep508(text: string): { ok: true; fields: Pep508Fields } | { ok: false; message: string } {
  let parsed: RequirementWithLocation | null;
  try {
    parsed = parsePipRequirementsLine(text, { includeLocations: true });
  } catch (error) {
    if (!(error instanceof RequirementsSyntaxError)) throw error;
    return { ok: false, message: `not a valid requirement (${firstLine(error.message)})` };
  }
  if (!parsed) return { ok: false, message: 'empty requirement' };
  const data = parsed.data;
  if (data.type !== 'ProjectName' && data.type !== 'ProjectURL') {
    return { ok: false, message: 'a requirements-file option where a requirement was expected' };
  }
  const marker = data.environmentMarkerTree?.location;
  return {
    ok: true,
    fields: {
      name: normalizeName(data.name.data),
      specifier:
        data.type === 'ProjectName'
          ? (data.versionSpec ?? []).map((s) => `${s.data.operator.data}${s.data.version.data}`).join(',')
          : '',
      extras: (data.extras ?? []).map((e) => normalizeName(e.data)),
      markers: marker ? text.slice(marker.startIdx, marker.endIdx).trim() : '',
      url: data.type === 'ProjectURL' ? data.url.data : '',
    },
  };
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/^Failed to parse requirements line\.\s*/, '');
}
