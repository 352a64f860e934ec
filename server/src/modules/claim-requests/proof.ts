import { randomBytes } from 'node:crypto';
import type { ClaimProofReason, ClaimProofStatus } from '../../db/schema.js';

/** The file a claimant commits at the root of the repository's default branch. */
export const PROOF_FILE = 'comfy-registry-claim.txt';

/** Files larger than this are not proof files; reading stops there. */
const MAX_PROOF_BYTES = 64 * 1024;

/** A token naming the claimant's publisher, so the file says who claims the pack. */
export function newProofToken(publisherId: string): string {
  return `comfy-registry-claim:${publisherId}:${randomBytes(18).toString('base64url')}`;
}

/** A repository address split the way raw-file patterns need it. */
export interface RepositoryAddress {
  host: string;
  /** Every path segment: `owner/name`, or `group/subgroup/name` on GitLab. */
  path: string;
  owner: string;
  name: string;
}

/** `https://host/owner/name(.git)(/)`, or null when the URL is no repository address. */
export function parseRepositoryAddress(url: string): RepositoryAddress | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const segments = parsed.pathname
    .replace(/\.git\/?$/i, '')
    .split('/')
    .filter((s) => s.length > 0);
  if (segments.length < 2 || segments.some((s) => !/^[A-Za-z0-9._-]{1,100}$/.test(s) || s === '.' || s === '..')) {
    return null;
  }
  // A forge's tree/blob pages hang below the repository; GitHub repositories are exactly two segments.
  const repoSegments = parsed.host.toLowerCase() === 'github.com' ? segments.slice(0, 2) : segments;
  const owner = repoSegments[0] ?? '';
  const name = repoSegments[repoSegments.length - 1] ?? '';
  return { host: parsed.host.toLowerCase(), path: repoSegments.join('/'), owner, name };
}

/** `host=pattern host=pattern` into a map; later pairs for the same host win. */
export function parseRawFilePatterns(setting: string): Map<string, string> {
  const patterns = new Map<string, string>();
  for (const pair of setting.split(/\s+/).filter(Boolean)) {
    const at = pair.indexOf('=');
    if (at > 0) patterns.set(pair.slice(0, at).toLowerCase(), pair.slice(at + 1));
  }
  return patterns;
}

/** The address of the proof file for the repository, or null when its host has no pattern. */
export function proofFileUrl(repositoryUrl: string, setting: string): string | null {
  const address = parseRepositoryAddress(repositoryUrl);
  if (!address) return null;
  const pattern = parseRawFilePatterns(setting).get(address.host);
  if (!pattern) return null;
  const values: Record<string, string> = {
    owner: address.owner,
    name: address.name,
    path: address.path,
    file: PROOF_FILE,
  };
  return pattern.replace(/\{(owner|name|path|file)\}/g, (_, key: string) => values[key] ?? '');
}

/** What one reading of the proof file found. */
export interface ProofCheck {
  status: Exclude<ClaimProofStatus, 'unchecked'>;
  reason: Exclude<ClaimProofReason, ''>;
  /** The evidence (the line found) or why the check failed, in one sentence. */
  detail: string;
}

/**
 * Reads the proof file and looks for the token on a line of its own. Only what the repository
 * serves counts: a missing file, another token or an unreachable host each say so.
 */
export async function checkProofFile(url: string, token: string, timeoutMs: number): Promise<ProofCheck> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'user-agent': 'comfy-registry' },
    });
  } catch (error) {
    const why =
      error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
    return { status: 'failed', reason: 'unreachable', detail: `The repository host ${why}.` };
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return {
      status: 'failed',
      reason: 'missing',
      detail: `${PROOF_FILE} is not on the default branch (the host answered 404).`,
    };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { status: 'failed', reason: 'host_error', detail: `The repository host answered ${response.status}.` };
  }
  const text = await readCapped(response);
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines.includes(token)) {
    return { status: 'verified', reason: 'found', detail: `${PROOF_FILE} on the default branch contains the token.` };
  }
  const other = lines.find((line) => line.startsWith('comfy-registry-claim:'));
  return {
    status: 'failed',
    reason: other ? 'other_token' : 'no_token',
    detail: other
      ? `${PROOF_FILE} names another token (${other.slice(0, 120)}), not this request's.`
      : `${PROOF_FILE} does not contain the token.`,
  };
}

async function readCapped(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < MAX_PROOF_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel();
  return Buffer.concat(chunks).subarray(0, MAX_PROOF_BYTES).toString('utf8');
}
