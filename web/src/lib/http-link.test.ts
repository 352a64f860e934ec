import { httpLink } from './http-link';

it('keeps http(s) links and refuses script, data and relative ones', () => {
  expect(httpLink('https://github.com/acme/alpha')).toBe('https://github.com/acme/alpha');
  expect(httpLink('HTTP://img.example/a.png')).toBe('HTTP://img.example/a.png');
  for (const bad of [
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>1</script>',
    'vbscript:msgbox(1)',
    '/relative',
    '',
    null,
    undefined,
  ]) {
    expect(httpLink(bad)).toBeNull();
  }
});
