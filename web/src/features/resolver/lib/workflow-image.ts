/**
 * Reads the workflow ComfyUI embeds in the images it saves. PNG: `tEXt` (or uncompressed `iTXt`)
 * chunks keyed `workflow` (UI format) and `prompt` (API format). WebP: the `EXIF` chunk, whose
 * TIFF entries ComfyUI fills with `workflow:<json>` (Make, 0x010F) and `prompt:<json>` (Model,
 * 0x0110). The UI format is preferred: it records which pack each node came from.
 */

export type ImageKind = 'png' | 'webp';

export interface EmbeddedWorkflow {
  kind: ImageKind;
  /** The workflow's JSON text, or null when the image carries none. */
  text: string | null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** Which image this is, by its first bytes; null for anything else. */
export function imageKind(bytes: Uint8Array): ImageKind | null {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return null;
}

function pngTexts(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const texts = new Map<string, string>();
  const latin1 = new TextDecoder('latin1');
  const utf8 = new TextDecoder('utf-8');
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const data = bytes.subarray(at + 8, Math.min(at + 8 + length, bytes.length));
    if (type === 'tEXt' || type === 'iTXt') {
      const zero = data.indexOf(0);
      if (zero > 0) {
        const key = latin1.decode(data.subarray(0, zero));
        if (type === 'tEXt') texts.set(key, latin1.decode(data.subarray(zero + 1)));
        // iTXt: keyword, 0, compression flag, method, language, 0, translated keyword, 0, text.
        else if (data[zero + 1] === 0) {
          const language = data.indexOf(0, zero + 3);
          const translated = language === -1 ? -1 : data.indexOf(0, language + 1);
          if (translated !== -1) texts.set(key, utf8.decode(data.subarray(translated + 1)));
        }
      }
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return texts;
}

/** The string values of the first IFD of a TIFF block (EXIF without its `Exif\0\0` header). */
function tiffStrings(tiff: Uint8Array): string[] {
  if (tiff.length < 8) return [];
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = ascii(tiff, 0, 2) === 'II';
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return [];
  const count = view.getUint16(ifd, little);
  const decoder = new TextDecoder('utf-8');
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    const type = view.getUint16(entry + 2, little);
    const length = view.getUint32(entry + 4, little);
    // ASCII (2) and UNDEFINED (7) values longer than four bytes sit at an offset.
    if (type !== 2 && type !== 7) continue;
    const start = length <= 4 ? entry + 8 : view.getUint32(entry + 8, little);
    const end = Math.min(start + length, tiff.length);
    out.push(decoder.decode(tiff.subarray(start, end)).replace(/\0+$/, ''));
  }
  return out;
}

function webpTexts(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const texts = new Map<string, string>();
  let at = 12;
  while (at + 8 <= bytes.length) {
    const type = ascii(bytes, at, 4);
    const length = view.getUint32(at + 4, true);
    if (type === 'EXIF') {
      let exif = bytes.subarray(at + 8, Math.min(at + 8 + length, bytes.length));
      if (ascii(exif, 0, 6) === 'Exif\0\0') exif = exif.subarray(6);
      for (const value of tiffStrings(exif)) {
        const colon = value.indexOf(':');
        if (colon > 0) texts.set(value.slice(0, colon), value.slice(colon + 1));
      }
    }
    at += 8 + length + (length % 2);
  }
  return texts;
}

/** The workflow an image carries: the UI format when present, else the API format. */
export function embeddedWorkflow(bytes: Uint8Array): EmbeddedWorkflow | null {
  const kind = imageKind(bytes);
  if (!kind) return null;
  const texts = kind === 'png' ? pngTexts(bytes) : webpTexts(bytes);
  return { kind, text: texts.get('workflow') ?? texts.get('prompt') ?? null };
}
