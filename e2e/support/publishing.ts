import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import type { E2EState, E2EUser } from './state';

// Everything the end-to-end tests need to publish packs the way comfy-cli does: zip archives,
// pack files, accounts and publishers made through the real endpoints, and the publish protocol.

/** CRC-32 (IEEE), as zip entries need it. */
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A zip (entries stored, not compressed) from archive paths to contents: enough for the
 * registry's archive reader, and built here so the tests need no zip library.
 */
export function zipArchive(files: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(files).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Code the registry's scanner flags: a hidden payload run with exec(). */
export const FLAGGED_SOURCE = 'import base64\nexec(base64.b64decode("cHJpbnQoMSk="))\n';

/** A pack version to put in an archive or publish. */
export interface PackToPublish {
  publisherId: string;
  nodeId: string;
  version: string;
  /** Display name (`[tool.comfy] DisplayName`); `<nodeId> display` when left out. */
  name?: string;
  description?: string;
  /** `https://github.com/<publisherId>/<nodeId>` when left out. */
  repository?: string;
}

const DEFAULT_DESCRIPTION = 'A pack published by the end-to-end tests';

function displayName(pack: PackToPublish): string {
  return pack.name ?? `${pack.nodeId} display`;
}

function repositoryOf(pack: PackToPublish): string {
  return pack.repository ?? `https://github.com/${pack.publisherId}/${pack.nodeId}`;
}

/** The pyproject.toml of the pack, as `comfy node init` lays it out. */
export function pyprojectOf(pack: PackToPublish): string {
  return [
    '[project]',
    `name = "${pack.nodeId}"`,
    `description = "${pack.description ?? DEFAULT_DESCRIPTION}"`,
    `version = "${pack.version}"`,
    'license = { text = "MIT" }',
    'dependencies = []',
    '',
    '[project.urls]',
    `Repository = "${repositoryOf(pack)}"`,
    '',
    '[tool.comfy]',
    `PublisherId = "${pack.publisherId}"`,
    `DisplayName = "${displayName(pack)}"`,
    'Icon = ""',
    '',
  ].join('\n');
}

/** The files of a small, clean pack (pyproject.toml and one node class), plus `extra` files. */
export function packFiles(pack: PackToPublish & { extra?: Record<string, string> }): Record<string, string> {
  return {
    'pyproject.toml': pyprojectOf(pack),
    '__init__.py': [
      'class Hello:',
      '    @classmethod',
      '    def INPUT_TYPES(cls):',
      '        return {"required": {"text": ("STRING", {"default": "hi"})}}',
      '    RETURN_TYPES = ("STRING",)',
      '    FUNCTION = "run"',
      '    CATEGORY = "examples"',
      '    def run(self, text):',
      '        return (text,)',
      '',
      'NODE_CLASS_MAPPINGS = {"HelloNode": Hello}',
      'NODE_DISPLAY_NAME_MAPPINGS = {"HelloNode": "Hello"}',
      '',
    ].join('\n'),
    ...(pack.extra ?? {}),
  };
}

/** The zip of `packFiles(pack)`. */
export function packArchive(pack: PackToPublish & { extra?: Record<string, string> }): Buffer {
  return zipArchive(packFiles(pack));
}

/** A fresh, unique suffix for ids (lowercase letters and digits). */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

/** A signed-up user with an identity token for API calls. */
export interface ApiUser extends E2EUser {
  token: string;
}

/**
 * Signs a new user up through the real endpoint on `request` (a browser context's request, so
 * the session cookie lands in that context), and gets an identity token for bearer calls.
 */
export async function signUpUser(request: APIRequestContext, registry: E2EState, name: string): Promise<ApiUser> {
  const user: E2EUser = { email: `${name}-${uniqueSuffix()}@e2e.test`, password: 'publisher-password-1', name };
  const signUp = await request.post(`${registry.apiUrl}/api/auth/sign-up/email`, {
    data: user,
    headers: { origin: registry.webUrl },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const token = await request.get(`${registry.apiUrl}/auth/token`, { headers: { origin: registry.webUrl } });
  expect(token.ok(), await token.text()).toBe(true);
  return { ...user, token: ((await token.json()) as { token: string }).token };
}

/** Creates a publisher owned by `user`. */
export async function createPublisher(
  request: APIRequestContext,
  registry: E2EState,
  user: ApiUser,
  id: string,
  name = `Publisher ${id}`,
): Promise<void> {
  const response = await request.post(`${registry.apiUrl}/publishers`, {
    data: { id, name },
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Creates a personal access token of the publisher and returns its secret. */
export async function createAccessToken(
  request: APIRequestContext,
  registry: E2EState,
  user: ApiUser,
  publisherId: string,
): Promise<string> {
  const response = await request.post(`${registry.apiUrl}/publishers/${publisherId}/tokens`, {
    data: { name: 'e2e', description: 'publishing from the end-to-end tests' },
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** A request context signed in as `who`, sending that account's identity token as a bearer. */
export async function apiAs(registry: E2EState, who: E2EUser): Promise<APIRequestContext> {
  const session = await playwrightRequest.newContext({ extraHTTPHeaders: { origin: registry.webUrl } });
  const signIn = await session.post(`${registry.apiUrl}/api/auth/sign-in/email`, {
    data: { email: who.email, password: who.password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const token = await session.get(`${registry.apiUrl}/auth/token`);
  expect(token.ok(), await token.text()).toBe(true);
  const { token: bearer } = (await token.json()) as { token: string };
  await session.dispose();
  return playwrightRequest.newContext({
    extraHTTPHeaders: { authorization: `Bearer ${bearer}`, origin: registry.webUrl },
  });
}

/** A publisher owned by `owner`, one of its publishing tokens, and an API context signed in as the owner. */
export async function publisherWithToken(registry: E2EState, owner: E2EUser, publisherId: string) {
  const api = await apiAs(registry, owner);
  const created = await api.post(`${registry.apiUrl}/publishers`, {
    data: { id: publisherId, name: `E2E ${publisherId}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = await api.post(`${registry.apiUrl}/publishers/${publisherId}/tokens`, { data: { name: 'e2e' } });
  expect(token.status(), await token.text()).toBe(201);
  return { id: publisherId, api, token: ((await token.json()) as { token: string }).token };
}

/** What `publishWithToken` publishes. */
export interface PublishOptions extends PackToPublish {
  /** The personal access token (sent in the body, as comfy-cli does: no Authorization header). */
  accessToken: string;
  /** The archive; `packArchive(options)` when left out. */
  zip?: Buffer;
  changelog?: string;
  /**
   * A context signed in as a member of the publisher: the wait then follows the version's
   * processing (which also sees Flagged versions). Without it, the wait reads the public version.
   */
  member?: APIRequestContext;
}

/**
 * Publishes a version exactly as `comfy node publish` does: POST the metadata with the personal
 * access token in the body, then PUT the zip to the returned signed URL (only 200 counts). Waits
 * until processing has decided the version's status, and returns the version's id and status.
 */
export async function publishWithToken(
  request: APIRequestContext,
  registry: E2EState,
  options: PublishOptions,
): Promise<{ versionId: string; status: string }> {
  const { publisherId, nodeId, version } = options;
  const created = await request.post(
    `${registry.apiUrl}/publishers/${encodeURIComponent(publisherId)}/nodes/${encodeURIComponent(nodeId)}/versions`,
    {
      data: {
        personal_access_token: options.accessToken,
        node: {
          id: nodeId,
          description: options.description ?? DEFAULT_DESCRIPTION,
          icon: '',
          name: displayName(options),
          license: '{"text": "MIT"}',
          repository: repositoryOf(options),
          banner_url: '',
          supported_os: [],
          supported_accelerators: [],
          supported_comfyui_version: '',
          supported_comfyui_frontend_version: '',
        },
        node_version: {
          version,
          changelog: options.changelog ?? 'First release',
          dependencies: [],
          supported_os: [],
          supported_accelerators: [],
          supported_comfyui_version: '',
          supported_comfyui_frontend_version: '',
        },
      },
    },
  );
  expect(created.status(), await created.text()).toBe(201);
  const answer = (await created.json()) as { node_version: { id: string }; signedUrl: string };
  const upload = await request.put(answer.signedUrl, {
    headers: { 'content-type': 'application/zip' },
    data: options.zip ?? packArchive(options),
  });
  expect(upload.status(), await upload.text()).toBe(200);

  const versionId = answer.node_version.id;
  let status = '';
  if (options.member) {
    const member = options.member;
    const processing = `${registry.apiUrl}/publishers/${publisherId}/nodes/${nodeId}/versions/${versionId}/processing`;
    await expect
      .poll(
        async () => {
          const state = (await (await member.get(processing)).json()) as { stage: string; status: string };
          status = state.status;
          return state.stage;
        },
        { timeout: 60_000, intervals: [250, 500, 1000] },
      )
      .toMatch(/^(done|failed)$/);
  } else {
    await expect
      .poll(
        async () => {
          const version = await request.get(`${registry.apiUrl}/nodes/${nodeId}/versions/${options.version}`);
          status = version.ok() ? ((await version.json()) as { status: string }).status : '';
          return status !== '' && status !== 'NodeVersionStatusPending';
        },
        { timeout: 60_000, intervals: [250, 500, 1000] },
      )
      .toBe(true);
  }
  return { versionId, status };
}

/**
 * Publishes `pack` with `extra` files in its archive as a comfy-cli user would (a context of its
 * own, the token in the body), waits until processing has finished, and returns the version's
 * final status (read as the publisher, so a Flagged one is seen too).
 */
export async function publishWithFiles(
  registry: E2EState,
  publisher: { token: string; api: APIRequestContext },
  pack: PackToPublish,
  extra: Record<string, string>,
): Promise<string> {
  const anon = await playwrightRequest.newContext();
  try {
    const { status } = await publishWithToken(anon, registry, {
      ...pack,
      accessToken: publisher.token,
      zip: packArchive({ ...pack, extra }),
      member: publisher.api,
    });
    return status;
  } finally {
    await anon.dispose();
  }
}

/**
 * Publishes `nodeId@version` with an archive the scanner flags, and waits until processing has
 * finished. Returns the version's final status.
 */
export async function publishFlaggedVersion(
  registry: E2EState,
  publisher: { id: string; token: string; api: APIRequestContext },
  nodeId: string,
  version: string,
): Promise<string> {
  const pack: PackToPublish = {
    publisherId: publisher.id,
    nodeId,
    version,
    name: `Moderation ${nodeId}`,
    description: 'End-to-end moderation test pack',
    repository: `https://github.com/e2e-owner/${nodeId}`,
  };
  // The exec() call on line 3, which the review screen links to.
  return publishWithFiles(registry, publisher, pack, {
    'loader/evil.py': 'import base64\n\nexec(base64.b64decode("cHJpbnQoMSk="))\n',
  });
}

/**
 * Adds `invitee` to a publisher the only way the registry allows: an owner invites the address
 * (`inviter`: a context signed in as the owner, or the owner's identity token sent on `request`)
 * and the invitee accepts.
 */
export async function inviteAndAccept(
  request: APIRequestContext,
  registry: E2EState,
  input: { publisherId: string; inviter: APIRequestContext | string; invitee: ApiUser; role: 'owner' | 'member' },
): Promise<void> {
  const url = `${registry.apiUrl}/publishers/${input.publisherId}/invitations`;
  const data = { email: input.invitee.email, role: input.role };
  const invited =
    typeof input.inviter === 'string'
      ? await request.post(url, { data, headers: { authorization: `Bearer ${input.inviter}` } })
      : await input.inviter.post(url, { data });
  expect(invited.status(), await invited.text()).toBe(201);
  const { id } = (await invited.json()) as { id: string };
  const accepted = await request.post(`${registry.apiUrl}/users/invitations/${id}/accept`, {
    headers: { authorization: `Bearer ${input.invitee.token}` },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}
