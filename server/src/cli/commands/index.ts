import type { CliCommand } from '../command.js';
import { backupCommand } from './backup.js';
import { createAdminCommand } from './create-admin.js';
import { createPublisherCommand } from './create-publisher.js';
import { createTokenCommand } from './create-token.js';
import { exportBundleCommand } from './export-bundle.js';
import { importBundleCommand } from './import-bundle.js';
import { importManagerListCommand } from './import-manager-list.js';
import { migrateCommand } from './migrate.js';
import { readmeBackfillCommand } from './readme-backfill.js';
import { restoreCommand } from './restore.js';
import { seedDemoCommand } from './seed-demo.js';
import { upstreamSyncCommand } from './upstream-sync.js';

/** Every `registry` command. */
export const commands: CliCommand[] = [
  migrateCommand,
  createAdminCommand,
  createPublisherCommand,
  createTokenCommand,
  importManagerListCommand,
  seedDemoCommand,
  backupCommand,
  restoreCommand,
  upstreamSyncCommand,
  exportBundleCommand,
  importBundleCommand,
  readmeBackfillCommand,
];
