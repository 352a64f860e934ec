import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import ini from 'highlight.js/lib/languages/ini';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { createLowlight } from 'lowlight';

/**
 * Syntax highlighting for the code view, from highlight.js through lowlight, which returns a tree
 * instead of HTML: the page renders the tree as React text nodes, so file content is always
 * escaped. This module is imported only by the code screens, so the grammars load with them.
 */
const lowlight = createLowlight({ bash, css, ini, javascript, json, markdown, python, typescript, xml, yaml });
// The server names TOML, HTML and SVG by what they are; highlight.js reads them with these grammars.
const GRAMMAR: Record<string, string> = { toml: 'ini', html: 'xml' };

/** One piece of a line: its text and the highlight classes it carries (none for plain text). */
export interface Token {
  text: string;
  className: string;
}

export type Line = Token[];

/** Above this many characters, a file is shown plain: highlighting it would hold the page. */
export const HIGHLIGHT_LIMIT_CHARS = 300_000;

interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  properties?: { className?: unknown };
  children: HastNode[];
}
type HastNode = HastText | HastElement | { type: string; children?: HastNode[] };

/** Splits text into lines of plain tokens. */
export function plainLines(text: string): Line[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line ? [{ text: line, className: '' }] : []));
}

/**
 * The lines of a text with highlight tokens, or plain lines for a language without a grammar, a
 * text too large, or a grammar that fails. A token spanning lines is cut at each line break, keeping
 * its classes, so every line renders on its own (line numbers, anchors, long-line handling).
 */
export function highlightLines(text: string, language: string | null): Line[] {
  const grammar = language ? (GRAMMAR[language] ?? language) : null;
  if (!grammar || !lowlight.registered(grammar) || text.length > HIGHLIGHT_LIMIT_CHARS) return plainLines(text);
  let tree: { children: HastNode[] };
  try {
    tree = lowlight.highlight(grammar, text) as unknown as { children: HastNode[] };
  } catch {
    return plainLines(text);
  }
  const lines: Line[] = [[]];
  const walk = (nodes: HastNode[], classes: string) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const parts = (node as HastText).value.split('\n');
        parts.forEach((part, i) => {
          if (i > 0) lines.push([]);
          if (part) lines[lines.length - 1]?.push({ text: part, className: classes });
        });
      } else if (node.type === 'element') {
        const element = node as HastElement;
        const own = Array.isArray(element.properties?.className) ? element.properties.className.join(' ') : '';
        walk(element.children, [classes, own].filter(Boolean).join(' '));
      }
    }
  };
  walk(tree.children, '');
  if (lines.length > 1 && lines[lines.length - 1]?.length === 0 && text.endsWith('\n')) lines.pop();
  return lines;
}
