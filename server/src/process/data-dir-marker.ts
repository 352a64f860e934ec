import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The file a serving registry keeps in DATA_DIR while it runs on the SQLite database there. */
export const SERVER_MARKER_FILE = 'server.pid';

/** The serving process a marker names. */
export interface ServerMarker {
  pid: number;
  host: string;
  startedAt: string;
}

/**
 * Marks DATA_DIR as in use by this process (the cluster primary, or the only process) until it
 * exits, so `registry` commands that write the database can tell a live instance is there. A
 * process killed outright leaves the file behind; `liveServerOn` sees that its process is gone.
 */
export function markDataDirInUse(dataDir: string): void {
  const file = path.join(dataDir, SERVER_MARKER_FILE);
  const marker: ServerMarker = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(marker)}\n`, { mode: 0o600 });
  process.once('exit', () => {
    // Another server may have started on the folder since: its marker stays.
    if (readMarker(file)?.pid !== process.pid) return;
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  });
}

/**
 * The server running on DATA_DIR, or null. A marker from this machine whose process has exited
 * is stale and ignored; one from another machine cannot be checked and counts as live.
 */
export function liveServerOn(dataDir: string): ServerMarker | null {
  const marker = readMarker(path.join(dataDir, SERVER_MARKER_FILE));
  if (!marker) return null;
  if (marker.host !== os.hostname()) return marker;
  try {
    process.kill(marker.pid, 0);
    return marker;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? marker : null;
  }
}

function readMarker(file: string): ServerMarker | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServerMarker>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? '') };
  } catch {
    return null;
  }
}
