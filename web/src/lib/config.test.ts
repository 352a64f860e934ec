import { docsUrlFor, resolveConfig } from './config';

describe('resolveConfig', () => {
  it('points documentation at the external docs (Chinese for zh*) unless the operator names other docs', () => {
    const config = resolveConfig({ apiUrl: 'https://api.registry.example/' });
    expect(config.apiUrl).toBe('https://api.registry.example');
    expect(docsUrlFor('en', config)).toBe('https://docs.comfy.org/registry/overview');
    expect(docsUrlFor('zh-TW', config)).toBe('https://docs.comfy.org/zh-CN');
    expect(
      docsUrlFor('zh-CN', resolveConfig({ docsUrl: 'https://docs.example/', docsUrlZh: 'https://docs.example/zh' })),
    ).toBe('https://docs.example/zh');
  });

  it('opens an external issue page to contribute translations and shows only the footer links that are set', () => {
    const config = resolveConfig({ footer: { contactEmail: 'admins@registry.example' } });
    expect(config.contributeUrl).toBe('https://github.com/Comfy-Org/registry-web/issues/206');
    expect(config.footer).toEqual({ contactEmail: 'admins@registry.example' });
    expect(resolveConfig(undefined).footer).toEqual({});
  });
});
