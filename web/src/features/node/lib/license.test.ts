import { licenseText } from './license';

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
