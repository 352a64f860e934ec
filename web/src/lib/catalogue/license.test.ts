import { licenseText, licenseToStore } from './license';

describe('licenseText', () => {
  it('reads pyproject license JSON and plain text', () => {
    expect(licenseText('{"text": "MIT"}')).toBe('MIT');
    expect(licenseText('{"file": "LICENSE.txt"}')).toBe('LICENSE.txt');
    expect(licenseText('{}')).toBe('');
    expect(licenseText('GPL-3.0')).toBe('GPL-3.0');
    expect(licenseText('{broken')).toBe('{broken');
    expect(licenseText('')).toBe('');
  });
});

describe('licenseToStore', () => {
  it('keeps the stored value when the field is untouched', () => {
    expect(licenseToStore('MIT', '{"text": "MIT"}')).toBe('{"text": "MIT"}');
    expect(licenseToStore(' LICENSE ', '{"file": "LICENSE"}')).toBe('{"file": "LICENSE"}');
    expect(licenseToStore('Apache-2.0', 'Apache-2.0')).toBe('Apache-2.0');
  });

  it('stores a changed SPDX id as text and a file name as a file, as comfy-cli does', () => {
    expect(licenseToStore('Apache-2.0', '{"text": "MIT"}')).toBe('{"text":"Apache-2.0"}');
    expect(licenseToStore('LICENSE', '{"text": "MIT"}')).toBe('{"file":"LICENSE"}');
    expect(licenseToStore('COPYING.txt', '')).toBe('{"file":"COPYING.txt"}');
    expect(licenseToStore('docs/terms.md', '')).toBe('{"file":"docs/terms.md"}');
    expect(licenseToStore('', '{"text": "MIT"}')).toBe('');
  });
});
