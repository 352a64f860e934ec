import { type InstallCommandJson, UNCLAIMED_PUBLISHER_ID } from './wire.js';

/**
 * How a pack is installed, decided here once and served to every client that shows it (the web
 * app renders what the answers carry): comfy-cli by id and by pinned version when this registry
 * has a version to hand out; `git clone` of the repository when it has none, or when the pack is
 * unclaimed (its owner never published here, so the repository is the source of truth). Only
 * plain web addresses are cloned, so stored text never runs as shell.
 */

/** A repository address that may follow `git clone` in a shell: http(s), no shell syntax. */
const CLONEABLE = /^https?:\/\/[^\s;&|`$<>'"\\()]+$/;

/** What the rule reads of a pack. */
export interface InstallablePack {
  id: string;
  repository: string;
  publisherId: string;
  /** The version `GET /nodes/{id}/install` hands out; undefined while the pack has none. */
  latestVersion: string | undefined;
}

/** Whether `repository` may be cloned by a shell command. */
export const isCloneable = (repository: string): boolean => CLONEABLE.test(repository);

/** comfy-cli's command for one version of a pack. */
export const versionInstallCommand = (id: string, version: string): string => `comfy node install ${id}@${version}`;

/** The commands to show for one pack, most direct first; empty when nothing installs it. */
export function installCommands(pack: InstallablePack): InstallCommandJson[] {
  const commands: InstallCommandJson[] = [];
  if (pack.latestVersion) {
    commands.push({ kind: 'latest', command: `comfy node install ${pack.id}` });
    commands.push({ kind: 'version', command: versionInstallCommand(pack.id, pack.latestVersion) });
  }
  if ((!pack.latestVersion || pack.publisherId === UNCLAIMED_PUBLISHER_ID) && isCloneable(pack.repository)) {
    commands.push({ kind: 'git', command: `git clone ${pack.repository}` });
  }
  return commands;
}
