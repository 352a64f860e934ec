import type { TestApp } from '../../helpers/app.js';

/**
 * The publish body exactly as comfy-cli builds it (reference/registry-clients.md §1.3 and §3):
 * every key present, missing values as "" or [], the license as a JSON-encoded string, and
 * `changelog` only when there is one.
 */
export function cliPublishBody(
  token: string,
  nodeId: string,
  version: string,
  extra: { changelog?: string; description?: string; name?: string; dependencies?: string[] } = {},
) {
  return {
    personal_access_token: token,
    node: {
      id: nodeId,
      description: extra.description ?? 'Says hello',
      icon: '',
      name: extra.name ?? 'Hello',
      license: '{"text": "MIT"}',
      repository: `https://github.com/acme/${nodeId}`,
      banner_url: '',
      supported_os: [],
      supported_accelerators: [],
      supported_comfyui_version: '',
      supported_comfyui_frontend_version: '',
    },
    node_version: {
      version,
      dependencies: extra.dependencies ?? [],
      supported_os: [],
      supported_accelerators: [],
      supported_comfyui_version: '',
      supported_comfyui_frontend_version: '',
      ...(extra.changelog ? { changelog: extra.changelog } : {}),
    },
  };
}

/** Publisher `acme` owned by a user, with one publishing token. */
export async function acmeWithToken(t: TestApp) {
  const owner = await t.factories.user();
  const publisher = await t.factories.publisher({ id: 'acme', name: 'ACME', owner });
  const { secret, row } = await t.factories.token('acme');
  return { owner, publisher, token: secret, tokenRow: row };
}

/** The path of the signed URL, for `inject`. */
export function uploadPath(signedUrl: string): string {
  return new URL(signedUrl).pathname;
}

/** How many rows a table has (to prove a refused request wrote nothing). */
export async function countRows(
  t: TestApp,
  table: 'nodes' | 'node_versions' | 'upload_tickets' | 'storage_files' | 'jobs' | 'node_version_status_history',
): Promise<number> {
  const row = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
