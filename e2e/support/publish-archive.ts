import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { type APIRequestContext, expect } from '@playwright/test';
import type { E2EState, E2EUser } from './state';

/**
 * A zip (entries stored, not compressed) from archive paths to text: enough for the registry's
 * archive reader, and built here so the tests need no zip library.
 */
export function buildZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0, 10); // time and date
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
    central.writeUInt32LE(0, 12);
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

/** The files of a small, valid pack: pyproject.toml and one node class. */
export function packFiles(options: {
  nodeId: string;
  version: string;
  publisherId: string;
  extra?: Record<string, string>;
}): Record<string, string> {
  return {
    'pyproject.toml': [
      '[project]',
      `name = "${options.nodeId}"`,
      'description = "A pack published by the end-to-end tests"',
      `version = "${options.version}"`,
      'license = { text = "MIT" }',
      '',
      '[project.urls]',
      `Repository = "https://github.com/e2e-tests/${options.nodeId}"`,
      '',
      '[tool.comfy]',
      `PublisherId = "${options.publisherId}"`,
      `DisplayName = "${options.nodeId} display"`,
      'Icon = ""',
      '',
    ].join('\n'),
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
      '',
    ].join('\n'),
    ...(options.extra ?? {}),
  };
}

/** Code the registry's scanner flags (hidden payload run with exec). */
export const FLAGGED_SOURCE = 'import base64\nexec(base64.b64decode("cHJpbnQoMSk="))\n';

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
): Promise<void> {
  const response = await request.post(`${registry.apiUrl}/publishers`, {
    data: { id, name: `Publisher ${id}` },
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

/**
 * Publishes a version the way comfy-cli does: POST the metadata with the access token, PUT the
 * zip to the signed URL, then wait until processing has decided the version's status.
 */
export async function publishWithToken(
  request: APIRequestContext,
  registry: E2EState,
  options: { publisherId: string; nodeId: string; version: string; accessToken: string; zip: Buffer },
): Promise<string> {
  const { publisherId, nodeId, version } = options;
  const publish = await request.post(`${registry.apiUrl}/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    data: {
      personal_access_token: options.accessToken,
      node: {
        id: nodeId,
        name: `${nodeId} display`,
        description: 'A pack published by the end-to-end tests',
        repository: `https://github.com/e2e-tests/${nodeId}`,
        license: 'MIT',
      },
      node_version: { version, changelog: 'First release', dependencies: [] },
    },
  });
  expect(publish.status(), await publish.text()).toBe(201);
  const { signedUrl } = (await publish.json()) as { signedUrl: string };
  const upload = await request.put(signedUrl, {
    data: options.zip,
    headers: { 'content-type': 'application/zip' },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  let status = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${registry.apiUrl}/nodes/${nodeId}/versions/${version}`);
        status = answer.ok() ? ((await answer.json()) as { status: string }).status : '';
        return status;
      },
      { timeout: 30_000 },
    )
    .not.toBe('NodeVersionStatusPending');
  return status;
}
