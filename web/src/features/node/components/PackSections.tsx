import { ComfyNodesSection } from './ComfyNodesSection';
import { DownloadsChart } from './DownloadsChart';
import { ReadmeSection } from './ReadmeSection';
import { RequirementsSection } from './RequirementsSection';
import { VersionsSection } from './VersionsSection';

/**
 * The pack page's sections below its first screen, each loading its own data: the README, the
 * downloads chart, the comfy-node definitions, the requirements and the version history (with
 * its trust panel and dialogs). NodePage loads this module once its first screen is shown.
 */
export function PackSections({ nodeId, latestVersion }: { nodeId: string; latestVersion: string | undefined }) {
  return (
    <>
      <ReadmeSection nodeId={nodeId} version={latestVersion ?? ''} />
      <DownloadsChart nodeId={nodeId} />
      <ComfyNodesSection nodeId={nodeId} version={latestVersion} />
      <RequirementsSection nodeId={nodeId} version={latestVersion ?? ''} />
      <VersionsSection nodeId={nodeId} latestVersion={latestVersion} />
    </>
  );
}
