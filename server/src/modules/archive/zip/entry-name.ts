/**
 * Rules for the path of one archive entry. Installers unpack the archive into the pack's folder,
 * so a name that can resolve outside it ("zip-slip"), or that different operating systems read
 * differently, is refused rather than cleaned up: the publisher gets a precise reason instead.
 */

/** The reason a name is unsafe, or null when it is an ordinary relative path. */
export function unsafeEntryNameReason(name: string): string | null {
  const shown = JSON.stringify(name);
  if (name.length === 0) return 'the archive has an entry with an empty name';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return `entry ${shown} has control characters in its name`;
  // Windows extractors treat "\" as a folder separator, so "..\x" escapes the folder there.
  if (name.includes('\\')) {
    return `entry ${shown} uses a backslash in its path; archive paths must use forward slashes`;
  }
  if (name.startsWith('/')) return `entry ${shown} has an absolute path; paths must be relative to the pack root`;
  if (/^[A-Za-z]:/.test(name))
    return `entry ${shown} starts with a drive letter; paths must be relative to the pack root`;
  // A colon is a drive separator or an NTFS alternate data stream on Windows.
  if (name.includes(':')) return `entry ${shown} has a colon in its path, which Windows cannot unpack safely`;
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  if (segments.includes('..')) {
    return `entry ${shown} has a ".." path segment that would unpack outside the pack folder (zip-slip)`;
  }
  if (segments.some((s) => s === '' || s === '.')) {
    return `entry ${shown} has an empty or "." path segment; paths must be plain relative paths`;
  }
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
    return `entry ${JSON.stringify(name)} has a file name that is not valid UTF-8; re-create the archive with UTF-8 file names`;
  }
  // yauzl writes U+FFFD for invalid bytes in an Info-ZIP Unicode path.
  if (name.includes('\uFFFD')) {
    return `entry ${JSON.stringify(name)} has a file name that is not valid UTF-8; re-create the archive with UTF-8 file names`;
  }
  const long = name.split('/').find((segment) => Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES);
  if (long !== undefined) {
    return `entry ${JSON.stringify(`${name.slice(0, 80)}...`)} has a file or folder name of ${Buffer.byteLength(long, 'utf8')} bytes, more than the ${MAX_SEGMENT_BYTES} bytes file systems allow`;
  }
  return null;
}
