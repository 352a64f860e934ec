import type { Entry } from 'yauzl';

/** What an entry is, read from its name and the Unix mode in its external attributes. */
export type EntryKind = 'file' | 'directory' | 'symlink' | 'special';

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

/**
 * Classifies an entry. Unix zip tools store the file mode in the upper 16 bits of the external
 * attributes; a symlink there is unpacked as a link by `unzip` and Python's extractors, pointing
 * anywhere on the user's disk, so it must be recognised even when its name looks like a file.
 * The mode is read whatever "version made by" claims: a crafted archive can lie about its host.
 */
export function entryKind(entry: Entry, name: string): EntryKind {
  const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (type === S_IFLNK) return 'symlink';
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) return 'special';
  // Extractors decide "folder" by the trailing slash alone, so the name is what counts here.
  return name.endsWith('/') ? 'directory' : 'file';
}
