// Characters and line shapes that make Markdown render differently from plain text: inline
// marks, links, HTML and entities, autolinked URLs, paragraphs, lists, quotes, headings, rules
// and indented code. A single line break is a soft break in Markdown and a space in plain text.
const MARKDOWN_SYNTAX = /[\\`*_[\]#<>|~!&]|https?:|www\.|\n\s*\n|^\s*([-+]|\d+[.)])\s|^\s*(=+|-+)\s*$|^( {4}|\t)/m;

/**
 * Whether the text needs the Markdown renderer: plain sentences (most pack descriptions) look the
 * same either way, so the page shows them without loading the parser.
 */
export function needsMarkdown(source: string): boolean {
  return MARKDOWN_SYNTAX.test(source);
}
