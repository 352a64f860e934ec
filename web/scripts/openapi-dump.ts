// Prints the server's OpenAPI document: builds the real API app (not listening) on a throwaway
// SQLite database with the default configuration and asks it for its document.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config/index.js';
import { createContext } from '../../server/src/context.js';
import { openDatabase, sqlitePathFor } from '../../server/src/db/database.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-openapi-'));
try {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = openDatabase({ sqlitePath: sqlitePathFor(dataDir) });
  await migrateToLatest(database.db);
  const app = await buildApp(createContext(config, database));
  await app.ready();
  process.stdout.write(JSON.stringify(app.swagger()));
  await app.close();
  await database.destroy();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
