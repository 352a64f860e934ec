import { config } from './config';

/**
 * Addresses of the code view's screens. They are stable public URLs (mails, reviews and other
 * sites link to them), so every screen that links into the code view builds them here.
 */

const segment = (value: string) => encodeURIComponent(value);
/** A path in the archive, its folders kept as URL folders. */
const filePathPart = (path: string) => path.split('/').map(segment).join('/');

/** The tree of a version's files. */
export function versionFilesPath(nodeId: string, version: string): string {
  return `/nodes/${segment(nodeId)}/versions/${segment(version)}/files`;
}

/** Where a file view is opened: a line or a range of lines, and text to mark on the first one. */
export interface FileTarget {
  line?: number;
  endLine?: number;
  /** Text to mark on the line (a scanner finding's match). */
  match?: string;
}

/** `#L10` or `#L10-L20`, the anchor of a line or a range. */
export function lineAnchor(line: number | undefined, endLine?: number): string {
  if (!line || line < 1) return '';
  return endLine && endLine > line ? `#L${line}-L${endLine}` : `#L${line}`;
}

/** One file of a version, optionally at a line with text marked. */
export function versionFilePath(nodeId: string, version: string, path: string, target: FileTarget = {}): string {
  const query = target.match ? `?match=${encodeURIComponent(target.match)}` : '';
  return `${versionFilesPath(nodeId, version)}/${filePathPart(path)}${query}${lineAnchor(target.line, target.endLine)}`;
}

/** The comparison of two versions, `from...to`. */
export function comparePath(nodeId: string, from: string, to: string): string {
  return `/nodes/${segment(nodeId)}/compare/${segment(from)}...${segment(to)}`;
}

/** The admin review of one held version, on its diff against the last approved version. */
export function reviewDiffPath(nodeId: string, version: string): string {
  return `/admin/review/${segment(nodeId)}/${segment(version)}`;
}

/** The API address that sends one whole file (downloads, and the images a README shows). */
export function rawFileUrl(nodeId: string, version: string, path: string): string {
  return `${config.apiUrl}/nodes/${segment(nodeId)}/versions/${segment(version)}/raw/${filePathPart(path)}`;
}
