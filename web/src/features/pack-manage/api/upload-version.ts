import { currentToken } from '../../../api/client';
import { ApiError, apiErrorFrom } from '../../../api/errors';
import type { components } from '../../../api/schema.gen';
import { config } from '../../../lib/config';

export type BrowserPublishResponse = components['schemas']['BrowserPublishResponse'];

export interface UploadRequest {
  publisherId: string;
  nodeId: string;
  file: Blob;
  changelog: string;
  /** Bytes sent so far and the total, as the browser reports them. */
  onProgress: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** The URL of `POST /publishers/{p}/nodes/{n}/versions/upload`. */
export function uploadUrl(apiUrl: string, publisherId: string, nodeId: string, changelog: string): string {
  const base = `${apiUrl}/publishers/${encodeURIComponent(publisherId)}/nodes/${encodeURIComponent(nodeId)}/versions/upload`;
  return changelog ? `${base}?${new URLSearchParams({ changelog }).toString()}` : base;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Uploads a zip as a new version. XMLHttpRequest rather than fetch, because only it reports
 * upload progress. Resolves with the Pending version and its first processing status; rejects
 * with an ApiError (status 0 when the network failed or the upload was cancelled).
 */
export async function uploadVersion(request: UploadRequest): Promise<BrowserPublishResponse> {
  const token = await currentToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadUrl(config.apiUrl, request.publisherId, request.nodeId, request.changelog));
    xhr.setRequestHeader('Content-Type', 'application/zip');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      request.onProgress(event.loaded, event.lengthComputable ? event.total : request.file.size);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status === 201 && body && typeof body === 'object') resolve(body as BrowserPublishResponse);
      else reject(apiErrorFrom(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network error'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted'));
    request.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(request.file);
  });
}
