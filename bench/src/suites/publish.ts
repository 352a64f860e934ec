import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { round } from '../measure.js';
import type { BenchContext, BenchRow, BenchSuite, RegistryProcess } from '../suite.js';

/** Publishers publishing at the same time in the throughput run. */
const PUBLISHERS = 8;

/**
 * comfy-cli's publish path on the built server: `POST .../versions` with a token, `PUT` of the
 * zip to the signed URL, then the server's own job worker processes the archive (validation,
 * node extraction, security scan) until the version is Active.
 */
const publish: BenchSuite = {
  name: 'publish',
  title: 'Publishing',
  description:
    'The built server (`node server/dist/main.js`, SQLite, default settings: the in-process job worker with ' +
    'JOBS_CONCURRENCY=2) on a temporary DATA_DIR, with publishers and tokens made by `registry create-admin`, ' +
    '`create-publisher` and `create-token`. Each version is published the way comfy-cli does it (the JSON publish ' +
    'call, then a PUT of the zip to the signed URL) and polled with `GET /nodes/{id}/versions` (every 10 ms) until ' +
    'it is Active. The pack: a 10 MB zip with 200 Python files (one node class each, about 1 MB of ' +
    'source) and 9 MB of incompressible image data. Client and server share the machine.',
  async run(ctx) {
    const quick = ctx.options.quick;
    const dataDir = ctx.tempDir('publish');
    const tokens = await makePublishers(ctx, dataDir);
    const server = await ctx.startRegistry({ dataDir });
    const rows: BenchRow[] = [];

    ctx.log('publish: one publisher, sequential versions');
    const sequential: Timing[] = [];
    const rounds = quick ? 2 : 6;
    for (let i = 0; i < rounds; i++) {
      sequential.push(await publishOne(server, tokens[0] ?? '', 'pub-1', 'bench-pack-1', `1.0.${i}`));
    }
    const measured = sequential.slice(1); // the first one warms up the analyser and the database
    const toActive = measured.map((t) => t.activeMs);
    rows.push({
      name: `one 10 MB pack (200 .py files): publish + upload + processing → Active, ${measured.length} runs`,
      values: {
        'publish ms': round(median(measured.map((t) => t.publishMs)), 0),
        'upload ms': round(median(measured.map((t) => t.uploadMs)), 0),
        'processing ms': round(median(measured.map((t) => t.activeMs - t.publishMs - t.uploadMs)), 0),
        'to Active ms (median)': round(median(toActive), 0),
        'to Active ms (max)': round(Math.max(...toActive), 0),
      },
      target: { goal: '< 2 s to Active', met: Math.max(...toActive) < 2000 },
    });

    const perPublisher = quick ? 2 : 5;
    ctx.log(`publish: ${PUBLISHERS} publishers × ${perPublisher} versions at once`);
    const started = performance.now();
    const all = await Promise.all(
      tokens.map(async (token, p) => {
        const timings: Timing[] = [];
        for (let v = 0; v < perPublisher; v++) {
          timings.push(await publishOne(server, token, `pub-${p + 1}`, `bench-pack-${p + 1}`, `2.0.${v}`));
        }
        return timings;
      }),
    );
    const wallMs = performance.now() - started;
    const flat = all.flat();
    const total = flat.length;
    rows.push({
      name: `${PUBLISHERS} publishers at once, ${perPublisher} versions each (${total} × 10 MB), each waiting for Active`,
      values: {
        'versions/s': round(total / (wallMs / 1000), 2),
        'MB/s uploaded': round((total * ARCHIVE_MB) / (wallMs / 1000), 1),
        'to Active ms (p50)': round(
          percentile(
            flat.map((t) => t.activeMs),
            0.5,
          ),
          0,
        ),
        'to Active ms (p99)': round(
          percentile(
            flat.map((t) => t.activeMs),
            0.99,
          ),
          0,
        ),
        'wall s': round(wallMs / 1000, 1),
      },
    });
    rows.push({
      name: 'server memory after the runs above',
      values: { 'RSS MiB': round(server.rssMiB(), 0), 'peak RSS MiB': round(server.peakRssMiB(), 0) },
    });
    ctx.note(
      'Processing runs inside the server process (the analyser in JOBS_CONCURRENCY=2 worker threads), so the ' +
        'throughput row is publishing, uploading and analysing sharing two cores with the load generator; ' +
        'analysis (parsing 200 Python files) is the bottleneck.',
    );
    await server.stop();
    return rows;
  },
};
export default publish;

interface Timing {
  publishMs: number;
  uploadMs: number;
  /** From the publish call to the version being Active. */
  activeMs: number;
}

const ARCHIVE_MB = 10;
const archives = new Map<string, Buffer>();

/** Publisher `pub-N` with one token each, through the registry's command-line tool. */
async function makePublishers(ctx: BenchContext, dataDir: string): Promise<string[]> {
  const env = { MAX_PUBLISHERS_PER_USER: String(PUBLISHERS + 1) };
  await run(ctx, ['create-admin', '--email', 'bench@example.test', '--password', 'bench-password-123'], dataDir, env);
  const tokens: string[] = [];
  for (let p = 1; p <= PUBLISHERS; p++) {
    await run(
      ctx,
      ['create-publisher', '--id', `pub-${p}`, '--name', `Bench ${p}`, '--owner', 'bench@example.test'],
      dataDir,
      env,
    );
    const created = await run(ctx, ['create-token', '--publisher', `pub-${p}`, '--name', 'bench'], dataDir, env);
    tokens.push(created.stdout.trim());
  }
  return tokens;
}

async function run(ctx: BenchContext, args: string[], dataDir: string, env: Record<string, string>) {
  const result = await ctx.cli(args, { dataDir, env });
  if (result.code !== 0)
    throw new Error(`registry ${args[0]} exited with ${result.code}: ${result.stderr.slice(-500)}`);
  return result;
}

/** comfy-cli's two calls for one version, then polling until the catalogue shows it as latest. */
async function publishOne(
  server: RegistryProcess,
  token: string,
  publisherId: string,
  nodeId: string,
  version: string,
): Promise<Timing> {
  const zip = archiveFor(nodeId, version);
  const start = performance.now();
  const published = await fetch(`${server.url}/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cliBody(token, nodeId, version)),
  });
  if (published.status !== 201)
    throw new Error(`publish ${nodeId}@${version}: ${published.status} ${await published.text()}`);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const afterPublish = performance.now();
  const uploaded = await fetch(signedUrl, { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: zip });
  if (uploaded.status !== 200)
    throw new Error(`upload ${nodeId}@${version}: ${uploaded.status} ${await uploaded.text()}`);
  await uploaded.arrayBuffer();
  const afterUpload = performance.now();
  await waitUntilActive(server, nodeId, version);
  const end = performance.now();
  return { publishMs: afterPublish - start, uploadMs: afterUpload - afterPublish, activeMs: end - start };
}

async function waitUntilActive(server: RegistryProcess, nodeId: string, version: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const answer = await fetch(`${server.url}/nodes/${nodeId}/versions?include_status_reason=true`);
    const states = (await answer.json()) as { version: string; status: string; status_reason?: string }[];
    const mine = Array.isArray(states) ? states.find((v) => v.version === version) : undefined;
    if (mine?.status === 'NodeVersionStatusActive') return;
    if (mine && mine.status !== 'NodeVersionStatusPending') {
      throw new Error(`${nodeId}@${version} became ${mine.status}: ${mine.status_reason ?? ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${nodeId}@${version} was not Active within 60 s`);
}

/** The JSON body of comfy-cli's `comfy node publish`, for a small pack. */
export function cliBody(token: string, nodeId: string, version: string, description = 'Benchmark pack') {
  return {
    personal_access_token: token,
    node: {
      id: nodeId,
      description,
      icon: '',
      name: nodeId,
      license: '{"text": "MIT"}',
      repository: `https://github.com/bench/${nodeId}`,
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
  };
}

/** A 10 MB pack laid out like comfy-cli's node.zip: 200 node modules plus bundled images. */
function archiveFor(nodeId: string, version: string): Buffer {
  const key = `${nodeId}@${version}`;
  const cached = archives.get(key);
  if (cached) return cached;
  const files: Record<string, Uint8Array> = {
    'pyproject.toml': strToU8(
      `[project]\nname = "${nodeId}"\ndescription = "Benchmark pack"\nversion = "${version}"\nlicense = { text = "MIT" }\n` +
        `dependencies = ["numpy"]\n\n[project.urls]\nRepository = "https://github.com/bench/${nodeId}"\n\n` +
        `[tool.comfy]\nPublisherId = "bench"\nDisplayName = "${nodeId}"\nIcon = ""\n`,
    ),
  };
  const imports: string[] = [];
  for (let i = 0; i < 200; i++) {
    files[`nodes/node_${i}.py`] = strToU8(pythonModule(i));
    imports.push(`from .nodes.node_${i} import Node${i}`);
  }
  files['__init__.py'] = strToU8(
    `${imports.join('\n')}\n\nNODE_CLASS_MAPPINGS = {\n${Array.from({ length: 200 }, (_, i) => `    "BenchNode${i}": Node${i},`).join('\n')}\n}\n`,
  );
  // Incompressible bytes (as bundled images are) bring the zip to about 10 MB.
  for (let i = 0; i < 9; i++) {
    files[`web/assets/preview_${i}.png`] = new Uint8Array(Buffer.concat([PNG_SIGNATURE, randomBytes(1024 * 1024 - 8)]));
  }
  const zip = Buffer.from(zipSync(files, { level: 6 }));
  archives.set(key, zip);
  return zip;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** About 5 KB of ordinary node code, with a few helper functions like real packs have. */
function pythonModule(i: number): string {
  const helpers = Array.from(
    { length: 12 },
    (_, h) =>
      `def helper_${h}(values, scale=${h + 1}):\n    """Scales and clamps the values (helper ${h} of node ${i})."""\n` +
      `    result = []\n    for value in values:\n        scaled = value * scale / ${h + 2}\n` +
      `        result.append(max(0.0, min(1.0, scaled)))\n    return result\n`,
  ).join('\n\n');
  return `import math\n\n${helpers}\n\n\nclass Node${i}:\n    @classmethod\n    def INPUT_TYPES(cls):\n        return {\n            "required": {\n                "image": ("IMAGE",),\n                "strength": ("FLOAT", {"default": 0.5, "min": 0.0, "max": 1.0, "step": 0.01}),\n            }\n        }\n\n    RETURN_TYPES = ("IMAGE",)\n    RETURN_NAMES = ("image",)\n    FUNCTION = "apply"\n    CATEGORY = "bench/node_${i}"\n\n    def apply(self, image, strength):\n        return (image * math.sqrt(strength),)\n`;
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}
