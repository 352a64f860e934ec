import { currentToken } from '../../../api/client';
import { config } from '../../../lib/config';

/**
 * The authorised address of a version's archive. `/files/...` serves only installable versions;
 * the review queue shows flagged and refused ones too, which admins read here with their token.
 */
export function archiveUrl(nodeId: string, version: string): string {
  return `${config.apiUrl}/nodes/${encodeURIComponent(nodeId)}/versions/${encodeURIComponent(version)}/archive`;
}

/**
 * Downloads a version's archive with the identity token: a plain link cannot send the
 * `Authorization` header, so the bytes are fetched and handed to the browser as a file.
 */
export async function downloadArchive(nodeId: string, version: string): Promise<void> {
  const token = await currentToken();
  const response = await fetch(archiveUrl(nodeId, version), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Archive download failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${nodeId}-${version}.zip`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next turn: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
