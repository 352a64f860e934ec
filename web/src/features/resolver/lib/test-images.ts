import { zlibSync } from 'fflate';

/**
 * Images as ComfyUI and other tools write them, for tests: a 1×1 PNG with `tEXt` chunks (`prompt`, `workflow`),
 * and a WebP whose EXIF holds `prompt:<json>` in Model (0x0110) and `workflow:<json>` in Make
 * (0x010F), as ComfyUI's image savers do.
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const latin1 = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const head = new Uint8Array(8);
  new DataView(head.buffer).setUint32(0, data.length);
  head.set(latin1(type), 4);
  const crc = new Uint8Array(4);
  new DataView(crc.buffer).setUint32(0, crc32(concat([latin1(type), data])));
  return concat([head, data, crc]);
}

/** A 1×1 grey PNG; `idat` is the zlib stream of its one row (filter byte 0, one grey byte). */
const IDAT_1X1 = Uint8Array.from([0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]);

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A 1×1 PNG carrying `chunks` between its header and its image data. */
function onePixelPng(chunks: Uint8Array[]): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, 1);
  view.setUint32(4, 1);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return concat([
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...chunks,
    pngChunk('IDAT', IDAT_1X1),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** A PNG as ComfyUI's SaveImage writes it: `prompt` (API format) then `workflow` (UI format). */
export function comfyPng(workflow: unknown, prompt: unknown): Uint8Array {
  return onePixelPng([
    pngChunk('tEXt', latin1(`prompt\0${JSON.stringify(prompt)}`)),
    ...(workflow === undefined ? [] : [pngChunk('tEXt', latin1(`workflow\0${JSON.stringify(workflow)}`))]),
  ]);
}

/**
 * A PNG whose texts are compressed as Pillow writes them with `PngInfo.add_text(key, value,
 * zip=True)`: `zTXt` (keyword, 0, method 0, zlib stream) for Latin-1 text, and compressed `iTXt`
 * (keyword, 0, flag 1, method 0, empty language and translated keyword, zlib stream of UTF-8) for
 * text outside Latin-1, such as a workflow with a Japanese note.
 */
export function compressedPng(texts: { key: string; value: unknown }[]): Uint8Array {
  return onePixelPng(
    texts.map(({ key, value }) => {
      const json = JSON.stringify(value);
      const isLatin1 = [...json].every((ch) => ch.charCodeAt(0) < 256);
      return isLatin1
        ? pngChunk('zTXt', concat([latin1(`${key}\0\0`), zlibSync(latin1(json))]))
        : pngChunk('iTXt', concat([latin1(`${key}\0\x01\0\0\0`), zlibSync(utf8(json))]));
    }),
  );
}

/** An XMP packet with `workflow` as an attribute of its description, XML-escaped, as XMP writers put simple properties. */
export function xmpPacket(workflow: unknown): string {
  const escaped = JSON.stringify(workflow).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
  return [
    '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    `  <rdf:Description rdf:about="" xmlns:comfy="https://example.test/comfy/1.0/" comfy:workflow="${escaped}"/>`,
    ' </rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** An XMP packet with `prompt` as an element holding an `rdf:Alt`, the other way XMP writers store text. */
export function xmpPacketWithElement(prompt: unknown): string {
  const escaped = JSON.stringify(prompt).replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  return [
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:comfy="https://example.test/comfy/1.0/">',
    `<comfy:prompt><rdf:Alt><rdf:li xml:lang="x-default">${escaped}</rdf:li></rdf:Alt></comfy:prompt>`,
    '</rdf:Description></rdf:RDF></x:xmpmeta>',
  ].join('');
}

/** A PNG carrying an XMP packet in `iTXt` under `XML:com.adobe.xmp`, as image editors write it. */
export function xmpPng(packet: string): Uint8Array {
  return onePixelPng([pngChunk('iTXt', concat([latin1('XML:com.adobe.xmp\0\0\0\0\0'), utf8(packet)]))]);
}

// VP8L 1×1: signature, 14-bit width-1 and height-1 (0), no alpha, version 0, then a tiny stream.
const VP8L_1X1 = Uint8Array.from([0x2f, 0x00, 0x00, 0x00, 0x00, 0x88, 0x88, 0x08, 0x00]);

function riffChunk(type: string, body: Uint8Array): Uint8Array {
  const head = new Uint8Array(8);
  head.set(latin1(type), 0);
  new DataView(head.buffer).setUint32(4, body.length, true);
  return concat([head, body, body.length % 2 ? new Uint8Array(1) : new Uint8Array()]);
}

function riff(chunks: Uint8Array[]): Uint8Array {
  const body = concat([latin1('WEBP'), ...chunks]);
  const head = new Uint8Array(8);
  head.set(latin1('RIFF'), 0);
  new DataView(head.buffer).setUint32(4, body.length, true);
  return concat([head, body]);
}

/**
 * An extended WebP with an XMP packet: `VP8X` (XMP flag set, 1×1 canvas), the image, then the
 * `XMP ` chunk, the layout the WebP container specification gives for metadata.
 */
export function xmpWebp(packet: string): Uint8Array {
  const vp8x = new Uint8Array(10);
  vp8x[0] = 0x04; // XMP metadata present
  return riff([riffChunk('VP8X', vp8x), riffChunk('VP8L', VP8L_1X1), riffChunk('XMP ', utf8(packet))]);
}

/** A WebP with ComfyUI's EXIF (little-endian TIFF, two ASCII entries). */
export function comfyWebp(workflow: unknown, prompt: unknown): Uint8Array {
  const values = [
    [0x010f, new TextEncoder().encode(`workflow:${JSON.stringify(workflow)}\0`)],
    [0x0110, new TextEncoder().encode(`prompt:${JSON.stringify(prompt)}\0`)],
  ] as const;
  const header = 8;
  const ifdSize = 2 + values.length * 12 + 4;
  const tiff = new Uint8Array(header + ifdSize + values.reduce((n, [, v]) => n + v.length, 0));
  const view = new DataView(tiff.buffer);
  tiff.set(latin1('II'), 0);
  view.setUint16(2, 42, true);
  view.setUint32(4, header, true);
  view.setUint16(header, values.length, true);
  let data = header + ifdSize;
  values.forEach(([tag, value], i) => {
    const entry = header + 2 + i * 12;
    view.setUint16(entry, tag, true);
    view.setUint16(entry + 2, 2, true);
    view.setUint32(entry + 4, value.length, true);
    view.setUint32(entry + 8, data, true);
    tiff.set(value, data);
    data += value.length;
  });
  const exif = concat([latin1('Exif\0\0'), tiff]);
  return riff([riffChunk('VP8L', VP8L_1X1), riffChunk('EXIF', exif)]);
}
