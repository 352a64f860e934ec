import { rawFileUrl, versionFilePath } from '../../../lib/code-links';

/**
 * Resolves the relative URLs of a README against the archive it came from: images from the API's
 * copy of the file, links to the file's page in the code view. Both name the version the README
 * belongs to, so an old version shows its own images, and an offline instance needs no forge.
 * Paths are from the pack root (where the README sits); `..` cannot climb above it.
 */
export function archiveUrlResolver(
  nodeId: string,
  version: string,
  origin: string,
): (url: string, kind: 'image' | 'link') => string | null {
  return (url, kind) => {
    const split = url.search(/[?#]/);
    const path = split === -1 ? url : url.slice(0, split);
    let normalised: string;
    try {
      normalised = decodeURIComponent(new URL(path, 'https://root.invalid/').pathname.slice(1));
    } catch {
      return null;
    }
    if (normalised === '') return null;
    if (kind === 'image') return rawFileUrl(nodeId, version, normalised);
    return `${origin}${versionFilePath(nodeId, version, normalised.replace(/\/$/, ''))}`;
  };
}
