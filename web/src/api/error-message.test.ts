import { apiErrorKey, localizedErrorText } from './error-message';
import { ApiError, apiErrorFrom } from './errors';

const french: Record<string, string> = { 'apiErrors.archive_other_node': 'Le paquet s’appelle {{declared}}' };
const translator = {
  exists: (key: string) => key in french,
  t: (key: string, options?: Record<string, unknown>) =>
    (french[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? '')),
};

describe('coded server messages', () => {
  it('reads the code and its values from the body, next to the English message', () => {
    const error = apiErrorFrom(400, {
      message: 'The archive is for another node',
      error: 'pyproject.toml names "other"',
      code: 'archive.other_node',
      params: { declared: 'other', nodeId: 'hello', dropped: { nested: true } },
    });
    expect(error.message).toBe('The archive is for another node');
    expect(apiErrorKey(error)).toEqual({
      key: 'apiErrors.archive_other_node',
      params: { declared: 'other', nodeId: 'hello' },
    });
  });

  it('says a known code in the reader’s language, anything else as the server wrote it', () => {
    const coded = apiErrorFrom(400, {
      message: 'The archive is for another node',
      code: 'archive.other_node',
      params: { declared: 'x' },
    });
    expect(localizedErrorText(coded, translator)).toBe('Le paquet s’appelle x');
    const newer = apiErrorFrom(409, { message: 'Something new', code: 'something.new' });
    expect(localizedErrorText(newer, translator)).toBe('Something new');
    expect(localizedErrorText(new ApiError(500, 'HTTP 500'), translator)).toBe('HTTP 500');
  });
});
