import { Unzlib } from 'fflate';

/**
 * Reads the workflow ComfyUI and other tools embed in the images they save. PNG: text chunks keyed
 * `workflow` (UI format) and `prompt` (API format), plain (`tEXt`), compressed (`zTXt`, which
 * Pillow writes for `add_text(..., zip=True)`) or international (`iTXt`, compressed or not, which
 * Pillow writes for text outside Latin-1). WebP: the `EXIF` chunk, whose TIFF entries ComfyUI
 * fills with `workflow:<json>` (Make, 0x010F) and `prompt:<json>` (Model, 0x0110). Both: an XMP
 * packet (WebP's `XMP ` chunk, PNG's `XML:com.adobe.xmp` text) with a `workflow` or `prompt`
 * property. The UI format is preferred: it records which pack each node came from.
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

/** Largest text inflated from one compressed chunk: far above any real workflow, far below a bomb. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** A zlib stream inflated, or null when it is broken or inflates past the limit. */
function inflate(data: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  const stream = new Unzlib((chunk) => {
    size += chunk.length;
    if (size > MAX_INFLATED_BYTES) tooLarge = true;
    else parts.push(chunk);
  });
  try {
    stream.push(data, true);
  } catch {
    return null;
  }
  if (tooLarge) return null;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The property names an XMP packet may carry a workflow under, whatever their namespace. */
const XMP_KEYS = ['workflow', 'prompt'];

/** `workflow` and `prompt` of an XMP packet, written as attributes or as elements (plain or `rdf:Alt`). */
function xmpTexts(xml: string): Map<string, string> {
  const texts = new Map<string, string>();
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return texts;
  for (const element of Array.from(doc.getElementsByTagName('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      if (XMP_KEYS.includes(attribute.localName) && !texts.has(attribute.localName)) {
        texts.set(attribute.localName, attribute.value);
      }
    }
    if (XMP_KEYS.includes(element.localName) && !texts.has(element.localName)) {
      texts.set(element.localName, (element.textContent ?? '').trim());
    }
  }
  return texts;
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
    if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      const zero = data.indexOf(0);
      // The first chunk of a key wins, as readers of PNG text do.
      const key = zero > 0 ? latin1.decode(data.subarray(0, zero)) : '';
      if (key && !texts.has(key)) {
        let text: string | null = null;
        if (type === 'tEXt') text = latin1.decode(data.subarray(zero + 1));
        // zTXt: keyword, 0, method (0: zlib), compressed Latin-1 text.
        else if (type === 'zTXt') {
          const inflated = data[zero + 1] === 0 ? inflate(data.subarray(zero + 2)) : null;
          text = inflated ? latin1.decode(inflated) : null;
        } else {
          // iTXt: keyword, 0, compression flag, method, language, 0, translated keyword, 0, UTF-8 text.
          const compressed = data[zero + 1] === 1;
          const language = data.indexOf(0, zero + 3);
          const translated = language === -1 ? -1 : data.indexOf(0, language + 1);
          if (translated !== -1 && (!compressed || data[zero + 2] === 0)) {
            const body = data.subarray(translated + 1);
            const raw = compressed ? inflate(body) : body;
            text = raw ? utf8.decode(raw) : null;
          }
        }
        if (text !== null) texts.set(key, text);
      }
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  const xmp = texts.get('XML:com.adobe.xmp');
  if (xmp) for (const [key, value] of xmpTexts(xmp)) if (!texts.has(key)) texts.set(key, value);
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
  const xmp = new Map<string, string>();
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
    } else if (type === 'XMP ') {
      const packet = new TextDecoder('utf-8').decode(bytes.subarray(at + 8, Math.min(at + 8 + length, bytes.length)));
      // EXIF (ComfyUI's own) wins over XMP when an image carries both.
      for (const [key, value] of xmpTexts(packet)) if (!xmp.has(key)) xmp.set(key, value);
    }
    at += 8 + length + (length % 2);
  }
  for (const [key, value] of xmp) if (!texts.has(key)) texts.set(key, value);
  return texts;
}

/** The workflow an image carries: the UI format when present, else the API format. */
export function embeddedWorkflow(bytes: Uint8Array): EmbeddedWorkflow | null {
  const kind = imageKind(bytes);
  if (!kind) return null;
  const texts = kind === 'png' ? pngTexts(bytes) : webpTexts(bytes);
  return { kind, text: texts.get('workflow') ?? texts.get('prompt') ?? null };
}
