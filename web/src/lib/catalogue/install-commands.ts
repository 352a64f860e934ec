import { isUnclaimed } from './unclaimed';

/**
 * What the install rule needs to know about a pack. Every screen maps its own answer (pack, search
 * result, resolution) onto this, so the rule below is the only place that decides.
 */
export interface InstallablePack {
  id: string;
  repository: string;
  publisherId: string | null | undefined;
  /** The version `GET /nodes/{id}/install` hands out; absent while the pack has none. */
  latestVersion: string | null | undefined;
}

/** One way to install a pack, as a shell command. */
export interface InstallCommand {
  kind: 'latest' | 'version' | 'git';
  command: string;
}

/**
 * True when this registry can install the pack: it has a version to hand out. Packs imported from
 * the ComfyUI-Manager list often have none, and the install endpoint answers 404 for them.
 */
export const installableFromRegistry = (pack: Pick<InstallablePack, 'latestVersion'>): boolean =>
  Boolean(pack.latestVersion);

/** Only web addresses become `git clone` commands, so a stored repository never runs as shell. */
const cloneable = (repository: string): boolean => /^https?:\/\/[^\s;&|`$<>'"\\]+$/.test(repository);

/** `git clone <repository>`, or undefined when the repository is not a plain web address. */
const cloneCommand = (repository: string): string | undefined =>
  cloneable(repository) ? `git clone ${repository}` : undefined;

/**
 * The commands to show for one pack: comfy-cli by id and pinned version when the registry has a
 * version to install; `git clone` of the repository when it has none, or when the pack is
 * unclaimed (its owner never published here, so the repository is the source of truth).
 */
export function installCommands(pack: InstallablePack): InstallCommand[] {
  const commands: InstallCommand[] = [];
  if (installableFromRegistry(pack)) {
    commands.push({ kind: 'latest', command: `comfy node install ${pack.id}` });
    commands.push({ kind: 'version', command: versionInstallCommand(pack.id, String(pack.latestVersion)) });
  }
  if (!installableFromRegistry(pack) || isUnclaimed(pack.publisherId)) {
    const clone = cloneCommand(pack.repository);
    if (clone) commands.push({ kind: 'git', command: clone });
  }
  return commands;
}

/** comfy-cli's command for one version of a pack (the versions list offers it per downloadable version). */
export const versionInstallCommand = (id: string, version: string): string => `comfy node install ${id}@${version}`;
