import beautify from 'js-beautify';

/**
 * Minified JavaScript laid out one statement a line, for reading. js-beautify works token by
 * token and never needs the code to parse, so a bundle with syntax newer than it knows still
 * comes out readable. The text is only shown, never run.
 */
export function formatJavaScript(text: string): string {
  return beautify.js(text, {
    indent_size: 2,
    end_with_newline: true,
    preserve_newlines: false,
    wrap_line_length: 0,
  });
}
