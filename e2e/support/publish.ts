import type { APIRequestContext } from '@playwright/test';

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

/** A zip archive (entries stored uncompressed) of the given files, by archive path. */
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
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** What to publish. */
export interface PackToPublish {
  publisherId: string;
  nodeId: string;
  version: string;
  /** Display name (`[tool.comfy] DisplayName`). */
  name: string;
  description: string;
}

/** The pyproject.toml of the pack, as `comfy node init` would lay it out. */
export function pyprojectOf(pack: PackToPublish): string {
  return [
    '[project]',
    `name = "${pack.nodeId}"`,
    `description = "${pack.description}"`,
    `version = "${pack.version}"`,
    'license = { text = "MIT" }',
    'dependencies = []',
    '',
    '[project.urls]',
    `Repository = "https://github.com/${pack.publisherId}/${pack.nodeId}"`,
    '',
    '[tool.comfy]',
    `PublisherId = "${pack.publisherId}"`,
    `DisplayName = "${pack.name}"`,
    'Icon = ""',
    '',
  ].join('\n');
}

/** A small, clean pack archive: pyproject.toml and one node class. */
export function packArchive(pack: PackToPublish): Buffer {
  return zipArchive({
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
  });
}

/**
 * Publishes a version exactly as `comfy node publish` does: POST the metadata with the personal
 * access token in the body (no Authorization header), then PUT the zip to the returned signed URL
 * (only 200 counts). Returns the new version's id.
 */
export async function publishWithToken(
  request: APIRequestContext,
  apiUrl: string,
  token: string,
  pack: PackToPublish,
): Promise<{ versionId: string }> {
  const created = await request.post(
    `${apiUrl}/publishers/${encodeURIComponent(pack.publisherId)}/nodes/${encodeURIComponent(pack.nodeId)}/versions`,
    {
      data: {
        personal_access_token: token,
        node: {
          id: pack.nodeId,
          description: pack.description,
          icon: '',
          name: pack.name,
          license: '{"text": "MIT"}',
          repository: `https://github.com/${pack.publisherId}/${pack.nodeId}`,
          banner_url: '',
          supported_os: [],
          supported_accelerators: [],
          supported_comfyui_version: '',
          supported_comfyui_frontend_version: '',
        },
        node_version: {
          version: pack.version,
          dependencies: [],
          supported_os: [],
          supported_accelerators: [],
          supported_comfyui_version: '',
          supported_comfyui_frontend_version: '',
        },
      },
    },
  );
  if (created.status() !== 201) throw new Error(`publish: HTTP ${created.status()} ${await created.text()}`);
  const answer = (await created.json()) as { node_version: { id: string }; signedUrl: string };
  const upload = await request.put(answer.signedUrl, {
    headers: { 'content-type': 'application/zip' },
    data: packArchive(pack),
  });
  if (upload.status() !== 200) throw new Error(`upload: HTTP ${upload.status()} ${await upload.text()}`);
  return { versionId: answer.node_version.id };
}
