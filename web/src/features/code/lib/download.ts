import { currentToken } from '../../../api/client';
import { rawFileUrl } from '../../../lib/code-links';

/**
 * Downloads one file of a version with the identity token: a plain link cannot send the
 * `Authorization` header, which held and refused versions need, so the bytes are fetched and
 * handed to the browser as a file.
 */
export async function downloadFile(nodeId: string, version: string, path: string): Promise<void> {
  const token = await currentToken();
  const response = await fetch(rawFileUrl(nodeId, version, path), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`File download failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = path.slice(path.lastIndexOf('/') + 1);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next turn: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
