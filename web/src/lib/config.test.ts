import { docsUrlFor, resolveConfig } from './config';

describe('resolveConfig', () => {
  it("points documentation at this instance's API reference unless the operator names other docs", () => {
    const config = resolveConfig({ apiUrl: 'https://api.registry.example/' });
    expect([config.apiUrl, config.docsUrl, config.docsUrlZh]).toEqual([
      'https://api.registry.example',
      'https://api.registry.example/docs',
      'https://api.registry.example/docs',
    ]);
    expect(
      docsUrlFor('zh-CN', resolveConfig({ docsUrl: 'https://docs.example/', docsUrlZh: 'https://docs.example/zh' })),
    ).toBe('https://docs.example/zh');
  });

  it("opens the project's own translation guide and shows only the footer links that are set", () => {
    const config = resolveConfig({ footer: { contactEmail: 'admins@registry.example' } });
    expect(config.contributeUrl).toBe('/contributing/translations.md');
    expect(config.footer).toEqual({ contactEmail: 'admins@registry.example' });
    expect(resolveConfig(undefined).footer).toEqual({});
  });
});
