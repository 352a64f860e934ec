import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The three ways to fill an empty catalogue, each as the exact command to run. The web app's
 * home page shows admins the same three (web/src/features/home/components/FirstStartPanel.tsx).
 */
export const FILL_CATALOGUE_COMMANDS = {
  mirror: 'UPSTREAM_URL=https://api.comfy.org npm start',
  importManagerList:
    'npm run registry -- import-manager-list --nodes custom-node-list.json --node-map extension-node-map.json',
  demo: 'npm run registry -- seed-demo --packs 200',
} as const;

/** Whether the catalogue has no pack at all. */
export async function catalogueIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('nodes').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** The start-up log line for an empty catalogue without an upstream: how to fill it. */
export function emptyCatalogueMessage(): string {
  return [
    'The catalogue is empty. Fill it in one of three ways:',
    `  mirror the public registry:   ${FILL_CATALOGUE_COMMANDS.mirror}`,
    `  import the ComfyUI-Manager list (files from the ComfyUI-Manager repository): ${FILL_CATALOGUE_COMMANDS.importManagerList}`,
    `  seed demo data:               ${FILL_CATALOGUE_COMMANDS.demo}`,
  ].join('\n');
}
