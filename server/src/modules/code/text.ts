/** How the code view treats one file's bytes: language from the name, text or binary from the bytes. */

/** Languages the web app highlights, by file extension (lower case). */
const LANGUAGES: Record<string, string> = {
  py: 'python',
  pyi: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescript',
  json: 'json',
  toml: 'toml',
  yaml: 'yaml',
  yml: 'yaml',
  md: 'markdown',
  markdown: 'markdown',
  css: 'css',
  html: 'html',
  htm: 'html',
  xml: 'xml',
  svg: 'xml',
  sh: 'bash',
  cfg: 'ini',
  ini: 'ini',
  txt: 'plaintext',
  rst: 'plaintext',
};

/** Extensions that are never text: listed as binary without reading them. */
const BINARY_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'ico',
  'bmp',
  'tif',
  'tiff',
  'avif',
  'mp3',
  'mp4',
  'wav',
  'flac',
  'ogg',
  'webm',
  'mov',
  'zip',
  'gz',
  'tgz',
  'bz2',
  'xz',
  '7z',
  'rar',
  'whl',
  'so',
  'dll',
  'dylib',
  'pyd',
  'exe',
  'bin',
  'pyc',
  'pt',
  'pth',
  'ckpt',
  'safetensors',
  'onnx',
  'npy',
  'npz',
  'pkl',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'pdf',
  'wasm',
]);

/** Image types a README may show, served from the archive with their own content type. */
export const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The highlighting language of a file, or null when the view shows it as plain text. */
export function languageOf(path: string): string | null {
  return LANGUAGES[extensionOf(path)] ?? null;
}

/** Whether the name alone says the file is binary (the listing reads no bytes). */
export function binaryByName(path: string): boolean {
  return BINARY_EXTENSIONS.has(extensionOf(path));
}

/** The image content type of a file by its name, or null. */
export function imageTypeOf(path: string): string | null {
  return IMAGE_TYPES[extensionOf(path)] ?? null;
}

/** How far into a file NUL bytes are looked for (git looks at the first 8,000 bytes the same way). */
const SNIFF_BYTES = 8000;

/** Binary by name, or by a NUL byte near the start, as git decides. */
export function isBinary(path: string, bytes: Buffer): boolean {
  return binaryByName(path) || bytes.subarray(0, SNIFF_BYTES).includes(0);
}

/** Bytes cut at a limit may end inside a UTF-8 sequence: drop that partial character. */
export function trimPartialCharacter(bytes: Buffer): Buffer {
  let back = 0;
  while (back < 3 && back < bytes.length && ((bytes[bytes.length - 1 - back] ?? 0) & 0xc0) === 0x80) back++;
  const leadIndex = bytes.length - 1 - back;
  if (leadIndex < 0) return bytes;
  const lead = bytes[leadIndex] ?? 0;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return length > back + 1 ? bytes.subarray(0, leadIndex) : bytes;
}

/** The text of a file; invalid UTF-8 shows as U+FFFD and a byte-order mark is dropped. */
export function decodeText(bytes: Buffer, truncated: boolean): string {
  const usable = truncated ? trimPartialCharacter(bytes) : bytes;
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(usable);
}

/** Lines in a text, counting a last line without a newline. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return text.endsWith('\n') ? count : count + 1;
}

/** Longest line, in characters: the web app treats files with very long lines as minified. */
export function longestLine(text: string): number {
  let longest = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
    longest = Math.max(longest, i - start);
    start = i + 1;
  }
  return Math.max(longest, text.length - start);
}
