/**
 * Words that say nothing about which pack is meant ("ComfyUI", "nodes", "pack"). They are not
 * joined with their neighbours into compound terms (`comfyuiimpact` would only bloat the index),
 * and they are dropped when a whole query is compared with a whole name, so `impact pack` and
 * `impact` both name `ComfyUI-Impact-Pack` exactly.
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'comfyui',
  'comfy',
  'ui',
  'custom',
  'node',
  'nodes',
  'pack',
  'suite',
  'for',
  'extension',
  'extensions',
  'plugin',
]);
