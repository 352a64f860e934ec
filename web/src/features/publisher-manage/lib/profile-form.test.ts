import { ApiError, apiErrorFrom } from '../../../api/errors';
import { emptyProfile, profileBody, profileProblems, serverReason } from './profile-form';

describe('publisher form rules', () => {
  it('needs a display name', () => {
    expect(profileProblems(emptyProfile)).toEqual({ name: 'nameRequired' });
    expect(profileProblems({ ...emptyProfile, name: '   ' })).toEqual({ name: 'nameRequired' });
    expect(profileProblems({ ...emptyProfile, name: 'x'.repeat(101) })).toEqual({ name: 'nameTooLong' });
  });

  it('takes only http(s) links and an e-mail or link for support', () => {
    const values = { ...emptyProfile, name: 'ACME', website: 'javascript:alert(1)', logo: 'ftp://x', support: 'nope' };
    expect(profileProblems(values)).toEqual({ website: 'url', logo: 'url', support: 'email' });
    expect(
      profileProblems({
        ...emptyProfile,
        name: 'ACME',
        website: 'https://acme.dev',
        logo: 'http://acme.dev/logo.png',
        support: 'help@acme.dev',
      }),
    ).toEqual({});
    expect(profileProblems({ ...emptyProfile, name: 'ACME', support: 'https://acme.dev/help' })).toEqual({});
  });

  it('trims what it sends', () => {
    expect(profileBody({ ...emptyProfile, name: ' ACME ', website: ' https://a.dev ' })).toEqual({
      ...emptyProfile,
      name: 'ACME',
      website: 'https://a.dev',
    });
  });

  it('explains failures with the server message and its detail', () => {
    const refused = new ApiError(409, 'Publisher still has node packs and cannot be deleted.', undefined, {
      message: 'Publisher still has node packs and cannot be deleted.',
      error: '2 packs: a, b',
    });
    expect(serverReason(refused)).toBe('Publisher still has node packs and cannot be deleted. (2 packs: a, b)');
    const plain = new ApiError(400, 'Publisher ID already exists.', undefined, {
      message: 'Publisher ID already exists.',
      error: 'Bad Request',
    });
    expect(serverReason(plain)).toBe('Publisher ID already exists.');
  });
});

describe('serverReason for coded answers', () => {
  it('says a coded refusal in the reader’s language, without the English detail after it', async () => {
    const { default: i18next } = await import('i18next');
    const { readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const common = JSON.parse(
      readFileSync(path.resolve(__dirname, '../../../../public/locales/fr/common.json'), 'utf8'),
    ) as Record<string, unknown>;
    await i18next.init({ lng: 'fr', resources: { fr: { common } }, defaultNS: 'common', initAsync: false });
    const taken = apiErrorFrom(409, {
      message: 'Publisher ID already exists.',
      error: '',
      code: 'publisher.id_taken',
      params: { max: 64 },
    });
    expect(serverReason(taken)).toBe('Cet identifiant d’éditeur est déjà pris.');
    const tooLong = apiErrorFrom(400, {
      message: 'Invalid body: name must NOT have more than 100 characters',
      error: 'FST_ERR_VALIDATION',
      code: 'validation.max_length',
      params: { field: 'name', limit: 100 },
    });
    expect(serverReason(tooLong)).toBe('name peut comporter au plus 100 caractères.');
    // Uncoded answers keep the server's words.
    expect(serverReason(apiErrorFrom(403, { message: 'Permission denied', error: '' }))).toBe('Permission denied');
  });
});
