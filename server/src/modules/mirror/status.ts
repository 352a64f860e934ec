import { type Static, Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { parseJsonObject, toBool } from '../../db/values.js';
import { readSyncState } from './repository.js';

/** What the admin screens and the CLI show about the mirror. */
export const UpstreamStatus = Type.Object(
  {
    upstream: Type.Union([Type.String(), Type.Null()], { description: 'UPSTREAM_URL, or null without an upstream.' }),
    intervalSeconds: Type.Integer({ description: 'UPSTREAM_SYNC_INTERVAL (0: only on demand).' }),
    sync: Type.Union([
      Type.Null(),
      Type.Object(
        {
          status: Type.Union([
            Type.Literal('queued'),
            Type.Literal('running'),
            Type.Literal('done'),
            Type.Literal('failed'),
          ]),
          full: Type.Boolean(),
          page: Type.Integer({ description: 'Pages of the upstream catalogue read so far.' }),
          totalPages: Type.Integer(),
          counts: Type.Record(Type.String(), Type.Number()),
          lastError: Type.String(),
          startedAt: Type.Union([Type.String(), Type.Null()]),
          finishedAt: Type.Union([Type.String(), Type.Null()]),
        },
        { additionalProperties: false },
      ),
    ]),
  },
  { title: 'UpstreamStatus', additionalProperties: false },
);
export type UpstreamStatusJson = Static<typeof UpstreamStatus>;

/** The mirror's settings and the current (or last) sync's progress. */
export async function upstreamStatus(ctx: AppContext): Promise<UpstreamStatusJson> {
  const state = await readSyncState(ctx.db);
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(parseJsonObject(state?.counts))) {
    if (typeof value === 'number') counts[key] = value;
  }
  return {
    upstream: ctx.config.upstream.UPSTREAM_URL ?? null,
    intervalSeconds: ctx.config.upstream.UPSTREAM_SYNC_INTERVAL,
    sync: state
      ? {
          status: state.status,
          full: toBool(state.full),
          page: Math.max(0, state.next_page - 1),
          totalPages: state.total_pages,
          counts,
          lastError: state.last_error,
          startedAt: state.started_at,
          finishedAt: state.finished_at,
        }
      : null,
  };
}
