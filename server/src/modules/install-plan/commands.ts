import { isCloneable } from '../catalogue/install-commands.js';

/**
 * The shell commands of a plan. Every value that goes into one is checked against a strict
 * shape first (ids, versions, web addresses, commit hashes), so stored text never runs as shell.
 */

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const VERSION = /^[0-9A-Za-z.+-]+$/;
const COMMIT = /^[0-9a-f]{7,40}$/;

/** `id@version` for comfy-cli and the Manager, or null when either part is not plain. */
export function packSpec(id: string, version: string): string | null {
  return ID.test(id) && VERSION.test(version) ? `${id}@${version}` : null;
}

/** comfy-cli's install of pinned packs: `comfy node install a@1.0.0 b@2.1.0`. */
export const comfyCliInstall = (specs: string[]): string => `comfy node install ${specs.join(' ')}`;

/** ComfyUI-Manager's command-line client, which takes the same `id@version` specs. */
export const managerInstall = (specs: string[]): string => `cm-cli install ${specs.join(' ')}`;

/** The folder a clone lands in under `custom_nodes/`: the repository's last path segment. */
function cloneFolder(url: string): string {
  const segment = url.replace(/\/+$/, '').replace(/\.git$/i, '');
  return segment.slice(segment.lastIndexOf('/') + 1);
}

/**
 * `git clone <url> custom_nodes/<folder>` (run from the ComfyUI folder), followed by a checkout
 * of the commit the workflow recorded when it gave one; null when the URL is not a plain web
 * address.
 */
export function gitClone(url: string, commit?: string): string | null {
  if (!isCloneable(url)) return null;
  const folder = cloneFolder(url);
  if (!ID.test(folder)) return null;
  const clone = `git clone ${url} custom_nodes/${folder}`;
  return commit && COMMIT.test(commit) ? `${clone} && git -C custom_nodes/${folder} checkout ${commit}` : clone;
}

/** All of a plan's installs as one line: the registry's packs first, then the clones. */
export function everything(cli: string | null, clones: string[]): string | null {
  const parts = [...(cli ? [cli] : []), ...clones];
  return parts.length > 0 ? parts.join(' && ') : null;
}
