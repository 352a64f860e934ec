import { describe, expect, it } from 'vitest';
import { formatJavaScript } from './pretty';

describe('formatJavaScript', () => {
  it('lays out a minified bundle one statement a line, keeping its code', () => {
    const minified =
      '!function(e){"use strict";var t=function(e,t){return e+t};e.add=t,e.greet=function(n){if(!n)throw new Error("no name");return`hello `+n}}(window);';
    const pretty = formatJavaScript(minified);
    const lines = pretty.split('\n');
    expect(lines.length).toBeGreaterThan(8);
    expect(lines).toContain('  "use strict";');
    expect(pretty).toContain('return `hello ` + n');
    expect(pretty.replace(/\s+/g, '')).toBe(minified.replace(/\s+/g, ''));
  });

  it('still formats code it cannot parse, rather than failing', () => {
    expect(formatJavaScript('function f(){return 1;')).toBe('function f() {\n  return 1;\n');
  });
});
