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
