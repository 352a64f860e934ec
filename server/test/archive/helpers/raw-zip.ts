import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a hand-built archive; every header field a hostile archive could lie about is settable. */
export interface RawEntry {
  name: string;
  /** The bytes stored in the archive (already compressed when `method` is 8). */
  data: Uint8Array;
  method?: 0 | 8;
  crc?: number;
  uncompressedSize?: number;
  /** External attributes; a Unix mode goes in the upper 16 bits. */
  externalAttributes?: number;
  flags?: number;
  /** The name's bytes when they are not the UTF-8 of `name` (names that are not UTF-8). */
  nameBytes?: Uint8Array;
  /** Local-header fields that differ from the central directory's, as streaming extractors would read them. */
  local?: { name?: string; method?: number; uncompressedSize?: number };
}

/** A deflated entry whose header fields are correct, for tests that change one of them afterwards. */
export function deflated(name: string, content: Uint8Array | string): RawEntry {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return { name, data: deflateRawSync(bytes), method: 8, crc: crc32(bytes), uncompressedSize: bytes.length };
}

/**
 * Writes a zip archive byte by byte (local headers, central directory, end record), so tests can
 * build what no archiver would: duplicate names, symlinks, sizes that lie, overlapping entries.
 */
export function rawZip(entries: RawEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = entry.nameBytes ? Buffer.from(entry.nameBytes) : Buffer.from(entry.name, 'utf8');
    const localName = entry.local?.name === undefined ? name : Buffer.from(entry.local.name, 'utf8');
    const data = Buffer.from(entry.data);
    const method = entry.method ?? 0;
    const crc = entry.crc ?? crc32(data);
    const size = entry.uncompressedSize ?? data.length;
    const flags = (entry.flags ?? 0) | 0x800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(entry.local?.method ?? method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(entry.local?.uncompressedSize ?? size, 22);
    local.writeUInt16LE(localName.length, 26);
    locals.push(local, localName, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((entry.externalAttributes ?? 0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + localName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A valid deflate stream that inflates to `megabytes` MiB of zeros, built from one compressed
 * MiB repeated: a 1 GiB entry costs about 1 MiB and milliseconds, and nothing large touches disk.
 */
export function zerosDeflated(megabytes: number, checksum = true): { data: Uint8Array; crc: number; size: number } {
  const mib = Buffer.alloc(1024 * 1024);
  // A sync flush ends each copy on a byte boundary without the final-block bit, so copies concatenate.
  const block = deflateRawSync(mib, { finishFlush: 2 });
  const final = Buffer.from([0x03, 0x00]);
  let crc = 0;
  // The checksum of a huge entry is skipped where the test expects the header alone to be refused.
  if (checksum) for (let i = 0; i < megabytes; i++) crc = crc32(mib, crc);
  return {
    data: Buffer.concat([...Array.from({ length: megabytes }, () => block), final]),
    crc,
    size: megabytes * 1024 * 1024,
  };
}
