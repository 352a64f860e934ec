/** The id of the placeholder publisher of unclaimed packs (the same as on the public registry). */
export const UNCLAIMED_PUBLISHER_ID = 'admin-11338bd3-f081-43cf-b3f9-295c829826f7';

/** A pack as the resolution endpoint describes it. */
export interface InstallablePack {
  id: string;
  repository: string;
  latest_version: string | null;
  publisher: { id: string; name: string } | null;
}

/**
 * Commands that install the pack: comfy-cli by id, plus `git clone` of the repository when the
 * pack is unclaimed or has no published version (the same rule as the pack page).
 */
export function installCommands(pack: InstallablePack): { kind: 'cli' | 'git'; command: string }[] {
  const commands: { kind: 'cli' | 'git'; command: string }[] = [
    { kind: 'cli', command: `comfy node install ${pack.id}` },
  ];
  const unclaimed = pack.publisher === null || pack.publisher.id === UNCLAIMED_PUBLISHER_ID;
  if ((unclaimed || pack.latest_version === null) && /^https?:\/\//.test(pack.repository)) {
    commands.push({ kind: 'git', command: `git clone ${pack.repository}` });
  }
  return commands;
}
