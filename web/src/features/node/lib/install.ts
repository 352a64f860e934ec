/** The id of the placeholder publisher of unclaimed packs (the same as on the public registry). */
export const UNCLAIMED_PUBLISHER_ID = 'admin-11338bd3-f081-43cf-b3f9-295c829826f7';

/** One way to install a pack, as a shell command. */
export interface InstallCommand {
  kind: 'latest' | 'version' | 'git';
  command: string;
}

/**
 * The commands to show: comfy-cli by id and by pinned version when the pack has a version, and
 * `git clone` of the repository for unclaimed packs or packs without versions.
 */
export function installCommands(pack: {
  id: string;
  repository: string;
  publisherId: string | undefined;
  latestVersion: string | undefined;
}): InstallCommand[] {
  const commands: InstallCommand[] = [];
  if (pack.latestVersion) {
    commands.push({ kind: 'latest', command: `comfy node install ${pack.id}` });
    commands.push({ kind: 'version', command: `comfy node install ${pack.id}@${pack.latestVersion}` });
  }
  const unclaimed = !pack.publisherId || pack.publisherId === UNCLAIMED_PUBLISHER_ID;
  if ((unclaimed || !pack.latestVersion) && /^https?:\/\//.test(pack.repository)) {
    commands.push({ kind: 'git', command: `git clone ${pack.repository}` });
  }
  return commands;
}
