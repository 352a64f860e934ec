import { apiErrorKey, readerErrorText } from '../../../api/error-message';
import { ApiError } from '../../../api/errors';

/** The publisher form as typed. */
export interface ProfileValues {
  name: string;
  description: string;
  website: string;
  support: string;
  logo: string;
}

/** Which translated message a field shows (keys under `form.errors`). */
export type FieldProblem = 'nameRequired' | 'nameTooLong' | 'url' | 'email' | 'tooLong';

export const emptyProfile: ProfileValues = { name: '', description: '', website: '', support: '', logo: '' };

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Support may be an e-mail address or a web link, as on the public registry. */
const isSupportContact = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || isHttpUrl(value);

/** The same rules the server applies, checked before sending so errors sit next to their field. */
export function profileProblems(values: ProfileValues): Partial<Record<keyof ProfileValues, FieldProblem>> {
  const problems: Partial<Record<keyof ProfileValues, FieldProblem>> = {};
  const name = values.name.trim();
  if (!name) problems.name = 'nameRequired';
  else if (name.length > 100) problems.name = 'nameTooLong';
  if (values.description.length > 5000) problems.description = 'tooLong';
  if (values.website.trim() && !isHttpUrl(values.website.trim())) problems.website = 'url';
  if (values.logo.trim() && !isHttpUrl(values.logo.trim())) problems.logo = 'url';
  if (values.support.trim() && !isSupportContact(values.support.trim())) problems.support = 'email';
  return problems;
}

/** The values as the API takes them (trimmed). */
export function profileBody(values: ProfileValues): ProfileValues {
  return {
    name: values.name.trim(),
    description: values.description,
    website: values.website.trim(),
    support: values.support.trim(),
    logo: values.logo.trim(),
  };
}

/**
 * The server's explanation of a failure: the translation of its code, else its `message` plus its
 * `error` detail when that adds something.
 */
export function serverReason(error: unknown): string {
  // A coded answer is said in the reader's language, without the English detail.
  if (apiErrorKey(error)) return readerErrorText(error);
  if (error instanceof ApiError) {
    const body = error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
    const detail = typeof body.error === 'string' ? body.error : '';
    return detail && detail !== error.message && !/^[A-Z][a-z]+( [A-Z][a-z]+)*$/.test(detail)
      ? `${error.message} (${detail})`
      : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
