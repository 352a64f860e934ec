import { parseArgs } from 'node:util';
import { ManagerInputError } from '../../modules/catalogue-import/manager-files.js';
import { formatImportReport } from '../../modules/catalogue-import/report.js';
import { importManagerFiles } from '../../modules/catalogue-import/service.js';
import { idsTakenUpstream } from '../../modules/mirror/id-guard.js';
import { UpstreamUnavailableError } from '../../modules/mirror/upstream-client.js';
import { type CliCommand, UsageError } from '../command.js';
import { openForCommand } from '../open.js';

/** `registry import-manager-list`: loads the ComfyUI-Manager catalogue as unclaimed packs, and ComfyUI's core classes. */
export const importManagerListCommand: CliCommand = {
  name: 'import-manager-list',
  summary: "Import the ComfyUI-Manager node list as unclaimed packs and ComfyUI's core class names (safe to re-run).",
  usage:
    'registry import-manager-list --nodes <custom-node-list.json> [--node-map <extension-node-map.json>] [--stats <github-stats.json>]',
  async run(args, env) {
    const { config, io } = env;
    const flags = parseFlags(args);
    const { ctx, database } = await openForCommand(config, env);
    const upstream = config.upstream.UPSTREAM_URL;
    try {
      // On a mirror, ids the upstream has are left to the sync (local first, never taking them).
      const takenUpstream = upstream
        ? (ids: string[]) => {
            io.err(`Asking ${upstream} about ${ids.length} ids not here yet...\n`);
            return idsTakenUpstream(ctx, ids);
          }
        : undefined;
      const report = await importManagerFiles(ctx, flags, takenUpstream ? { takenUpstream } : {});
      io.out(formatImportReport(report));
      return 0;
    } catch (error) {
      if (error instanceof UpstreamUnavailableError) {
        io.err(`The upstream registry could not say which ids it has (${error.message}).\nNothing was imported.\n`);
        return 1;
      }
      if (!(error instanceof ManagerInputError)) throw error;
      io.err(`${error.message}\nNothing was imported.\n`);
      return 1;
    } finally {
      await database.destroy();
    }
  },
};

function parseFlags(args: string[]): { nodes: string; nodeMap?: string | undefined; stats?: string | undefined } {
  let values: { nodes?: string | undefined; 'node-map'?: string | undefined; stats?: string | undefined };
  try {
    ({ values } = parseArgs({
      args,
      options: { nodes: { type: 'string' }, 'node-map': { type: 'string' }, stats: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.nodes) throw new UsageError('--nodes <custom-node-list.json> is required.');
  return { nodes: values.nodes, nodeMap: values['node-map'], stats: values.stats };
}
