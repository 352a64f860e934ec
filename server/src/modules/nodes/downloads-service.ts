import type { AppContext } from '../../context.js';
import { sumDownloadsByDay } from './downloads-repository.js';
import { utcDay } from './install-service.js';
import { findReadableNode, type NodeAccess } from './node-access.js';

const DAY_MS = 86_400_000;

/** Installs per UTC day of one pack over its versions, from the oldest of `days` days to today. */
export async function nodeDownloadsByDay(
  ctx: AppContext,
  nodeId: string,
  days: number,
  access: NodeAccess,
  now = new Date(),
): Promise<{ day: string; count: number }[]> {
  const node = await findReadableNode(ctx.db, nodeId, access);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const series = Array.from({ length: days }, (_, i) => utcDay(new Date(today - (days - 1 - i) * DAY_MS)));
  const counts = await sumDownloadsByDay(ctx.db, node.id, series[0] ?? utcDay(now));
  return series.map((day) => ({ day, count: counts.get(day) ?? 0 }));
}
