import { rejectionText } from '../rejections.js';

/**
 * Rules for the path of one archive entry. Installers unpack the archive into the pack's folder,
 * so a name that can resolve outside it ("zip-slip"), or that different operating systems read
 * differently, is refused rather than cleaned up: the publisher gets a precise reason instead.
 */

/** The reason a name is unsafe, or null when it is an ordinary relative path. */
export function unsafeEntryNameReason(name: string): string | null {
  const entry = { entry: name };
  if (name.length === 0) return rejectionText('archive.entry_name_empty');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return rejectionText('archive.entry_name_control', entry);
  // Windows extractors treat "\" as a folder separator, so "..\x" escapes the folder there.
  if (name.includes('\\')) return rejectionText('archive.entry_name_backslash', entry);
  if (name.startsWith('/')) return rejectionText('archive.entry_name_absolute', entry);
  if (/^[A-Za-z]:/.test(name)) return rejectionText('archive.entry_name_drive', entry);
  // A colon is a drive separator or an NTFS alternate data stream on Windows.
  if (name.includes(':')) return rejectionText('archive.entry_name_colon', entry);
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  if (segments.includes('..')) return rejectionText('archive.path_traversal', entry);
  if (segments.some((s) => s === '' || s === '.')) return rejectionText('archive.entry_name_segment', entry);
  return null;
}

/** The key two names collide on when unpacked on a case-insensitive file system (Windows, macOS). */
export function collisionKey(name: string): string {
  return name.replace(/\/$/, '').normalize('NFC').toLowerCase();
}

/** Longest path segment, in bytes, that common file systems (ext4, NTFS, APFS) can create. */
export const MAX_SEGMENT_BYTES = 255;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The reason an entry's name cannot be unpacked the same way everywhere, or null. Bytes that are
 * not UTF-8 are read as CP437 by some tools and as the local code page by others, and a segment
 * longer than 255 bytes cannot be created at all, so such archives fail differently per machine.
 */
export function nameEncodingProblem(rawName: Buffer, name: string): string | null {
  try {
    strictUtf8.decode(rawName);
  } catch {
    return rejectionText('archive.entry_name_encoding', { entry: name });
  }
  // yauzl writes U+FFFD for invalid bytes in an Info-ZIP Unicode path.
  if (name.includes('\uFFFD')) return rejectionText('archive.entry_name_encoding', { entry: name });
  const long = name.split('/').find((segment) => Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES);
  if (long !== undefined) {
    return rejectionText('archive.entry_name_too_long', {
      entry: `${name.slice(0, 80)}...`,
      size: Buffer.byteLength(long, 'utf8'),
      limit: MAX_SEGMENT_BYTES,
    });
  }
  return null;
}
