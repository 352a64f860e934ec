import type { FileHandle } from 'node:fs/promises';
import yauzl from 'yauzl';
import { rejectionText } from '../rejections.js';
import type { RawEntry } from './open-zip.js';

const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_BYTES = 30;
/** General-purpose flags that change what an extractor does: encryption, data descriptor, UTF-8 names. */
const MEANINGFUL_FLAGS = 0x0001 | 0x0008 | 0x0800;
const DATA_DESCRIPTOR = 0x0008;
/** A ZIP64 size in the local header: the real one is in its extra field. */
const ZIP64_MARK = 0xffffffff;

/**
 * The reason an entry's local header disagrees with its central-directory record, or null.
 * The analyser reads the central directory, while streaming extractors (pip, `unzip -`, many
 * libraries) read only the local headers: an archive whose two copies differ is checked under
 * one name or size and unpacked under another (scanned as `helper.txt`, written as `helper.py`).
 * Real archivers write both from the same values, so any difference is refused.
 */
export async function localHeaderProblem(file: FileHandle, raw: RawEntry): Promise<string | null> {
  const { entry, name } = raw;
  const disagree = (field: string) => rejectionText('archive.local_header_mismatch', { entry: name, field });
  const fixed = Buffer.alloc(LOCAL_HEADER_BYTES);
  const { bytesRead } = await file.read(fixed, 0, LOCAL_HEADER_BYTES, entry.relativeOffsetOfLocalHeader);
  if (bytesRead < LOCAL_HEADER_BYTES || fixed.readUInt32LE(0) !== LOCAL_SIGNATURE) {
    return rejectionText('archive.local_header_missing', { entry: name });
  }
  const flags = fixed.readUInt16LE(6);
  const method = fixed.readUInt16LE(8);
  const nameLength = fixed.readUInt16LE(26);
  const extraLength = fixed.readUInt16LE(28);
  const variable = Buffer.alloc(nameLength + extraLength);
  const rest = await file.read(variable, 0, variable.length, entry.relativeOffsetOfLocalHeader + LOCAL_HEADER_BYTES);
  if (rest.bytesRead < variable.length) return rejectionText('archive.local_header_truncated', { entry: name });
  const localNameRaw = variable.subarray(0, nameLength);
  if (!localNameRaw.equals(entry.fileNameRaw)) return disagree('file name');
  let localExtras: ReturnType<typeof yauzl.parseExtraFields>;
  try {
    localExtras = yauzl.parseExtraFields(variable.subarray(nameLength));
  } catch {
    return rejectionText('archive.local_header_damaged', { entry: name });
  }
  // An Info-ZIP Unicode path in the local header renames the file for the tools that honour it.
  if (yauzl.getFileNameLowLevel(flags, localNameRaw, localExtras, true) !== name) return disagree('file name');
  if ((flags & MEANINGFUL_FLAGS) !== (entry.generalPurposeBitFlag & MEANINGFUL_FLAGS)) return disagree('flags');
  if (method !== entry.compressionMethod) return disagree('compression method');
  // With a data descriptor the local fields are zero by design and the values follow the data.
  if (flags & DATA_DESCRIPTOR) return null;
  if (fixed.readUInt32LE(14) !== entry.crc32 >>> 0) return disagree('checksum');
  const compressed = fixed.readUInt32LE(18);
  const uncompressed = fixed.readUInt32LE(22);
  if (compressed !== ZIP64_MARK && compressed !== entry.compressedSize) return disagree('compressed size');
  if (uncompressed !== ZIP64_MARK && uncompressed !== entry.uncompressedSize) return disagree('size');
  return null;
}
