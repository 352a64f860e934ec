import { type APIRequestContext, expect, request } from '@playwright/test';
import type { E2EState, E2EUser } from './state';

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

/** A zip of the given files, stored uncompressed (what any unzip reads). */
export function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
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
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A Python file the archive scanner flags: code hidden in base64 run with exec(). */
export const FLAGGED_PY = 'import base64\n\nexec(base64.b64decode("cHJpbnQoMSk="))\n';

function packFiles(nodeId: string, version: string): Record<string, string> {
  return {
    'pyproject.toml': [
      '[project]',
      `name = "${nodeId}"`,
      'description = "End-to-end moderation test pack"',
      `version = "${version}"`,
      'license = { text = "MIT" }',
      '',
      '[project.urls]',
      `Repository = "https://github.com/e2e-owner/${nodeId}"`,
      '',
    ].join('\n'),
    '__init__.py': 'NODE_CLASS_MAPPINGS = {}\nNODE_DISPLAY_NAME_MAPPINGS = {}\n',
    'loader/evil.py': FLAGGED_PY,
  };
}

/** A request context signed in as `who`, sending that account's identity token as a bearer. */
export async function apiAs(registry: E2EState, who: E2EUser): Promise<APIRequestContext> {
  const session = await request.newContext({ extraHTTPHeaders: { origin: registry.webUrl } });
  const signIn = await session.post(`${registry.apiUrl}/api/auth/sign-in/email`, {
    data: { email: who.email, password: who.password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const token = await session.get(`${registry.apiUrl}/auth/token`);
  expect(token.ok(), await token.text()).toBe(true);
  const { token: bearer } = (await token.json()) as { token: string };
  await session.dispose();
  return request.newContext({ extraHTTPHeaders: { authorization: `Bearer ${bearer}`, origin: registry.webUrl } });
}

/** A publisher owned by `owner` and one of its publishing tokens. */
export async function publisherWithToken(registry: E2EState, owner: E2EUser, publisherId: string) {
  const api = await apiAs(registry, owner);
  const created = await api.post(`${registry.apiUrl}/publishers`, {
    data: { id: publisherId, name: `E2E ${publisherId}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = await api.post(`${registry.apiUrl}/publishers/${publisherId}/tokens`, { data: { name: 'e2e' } });
  expect(token.status(), await token.text()).toBe(201);
  return { api, token: ((await token.json()) as { token: string }).token };
}

/**
 * Publishes `nodeId@version` the way comfy-cli does (publish with the token in the body, then PUT
 * the archive to the signed URL) with an archive the scanner flags, and waits until processing
 * has finished. Returns the version's final status.
 */
export async function publishFlaggedVersion(
  registry: E2EState,
  publisher: { id: string; token: string; api: APIRequestContext },
  nodeId: string,
  version: string,
): Promise<string> {
  const anon = await request.newContext();
  const published = await anon.post(`${registry.apiUrl}/publishers/${publisher.id}/nodes/${nodeId}/versions`, {
    data: {
      personal_access_token: publisher.token,
      node: {
        id: nodeId,
        description: 'End-to-end moderation test pack',
        icon: '',
        name: `Moderation ${nodeId}`,
        license: '{"text": "MIT"}',
        repository: `https://github.com/e2e-owner/${nodeId}`,
        banner_url: '',
        supported_os: [],
        supported_accelerators: [],
        supported_comfyui_version: '',
        supported_comfyui_frontend_version: '',
      },
      node_version: {
        version,
        dependencies: [],
        supported_os: [],
        supported_accelerators: [],
        supported_comfyui_version: '',
        supported_comfyui_frontend_version: '',
      },
    },
  });
  expect(published.status(), await published.text()).toBe(201);
  const body = (await published.json()) as { signedUrl: string; node_version: { id: string } };
  const upload = await anon.put(body.signedUrl, {
    headers: { 'content-type': 'application/zip' },
    data: storedZip(packFiles(nodeId, version)),
  });
  expect(upload.status(), await upload.text()).toBe(200);
  await anon.dispose();
  const processing = `${registry.apiUrl}/publishers/${publisher.id}/nodes/${nodeId}/versions/${body.node_version.id}/processing`;
  let status = '';
  await expect
    .poll(
      async () => {
        const answer = (await (await publisher.api.get(processing)).json()) as { stage: string; status: string };
        status = answer.status;
        return answer.stage;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe('done');
  return status;
}
