import { createRequire } from 'node:module';
import { Language, Parser, type Tree } from 'web-tree-sitter';

export type { Node as PyNode, Tree as PyTree } from 'web-tree-sitter';

/** Longest one file may take to parse before it is given up on (pathological input). */
const PARSE_BUDGET_MS = 3000;

let ready: Promise<Parser> | undefined;

/**
 * The shared Python parser: tree-sitter's official Python grammar, compiled to WebAssembly and
 * shipped inside the `tree-sitter-python` npm package, run by `web-tree-sitter`. Loaded once per
 * process on first use. Parsing is synchronous, so one instance serves every caller.
 */
export function pythonParser(): Promise<Parser> {
  ready ??= (async () => {
    await Parser.init();
    const require = createRequire(import.meta.url);
    const language = await Language.load(require.resolve('tree-sitter-python/tree-sitter-python.wasm'));
    return new Parser().setLanguage(language);
  })();
  return ready;
}

/**
 * Parses Python source into a syntax tree that the caller must `delete()`. Syntax errors do not
 * throw: tree-sitter recovers and marks them, which keeps one broken file from hiding the rest.
 * Returns null only when the file exceeds the time budget.
 */
export function parsePython(parser: Parser, source: string): Tree | null {
  const started = performance.now();
  const tree = parser.parse(source, null, {
    progressCallback: () => performance.now() - started > PARSE_BUDGET_MS,
  });
  if (!tree) parser.reset();
  return tree;
}

/** Decodes a source file as UTF-8 (what CPython assumes), dropping a byte-order mark. */
export function decodeSource(bytes: Buffer): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
}
