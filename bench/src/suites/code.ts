import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { unzipSync, zipSync } from 'fflate';
import type { BenchContext, BenchRow, BenchSuite, RegistryProcess } from '../suite.js';
import { cliBody } from './publish.js';

/** How many of the corpus's largest archives are published and read. */
const LARGEST = 5;
/** Requests per measured listing or file read (one at a time; p95 over these). */
const SAMPLES = 200;
/** Whole-version diffs timed one after another. */
const DIFF_RUNS = 5;
/** Diffs running at once for the memory-per-request row. */
const CONCURRENT_DIFFS = 4;

interface CorpusEntry {
  id: string;
  archive: string;
  pyproject_name?: string;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function timed(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; body: string }> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body.slice(0, 300)}`);
  return { ms, body };
}

/** Resets the peak resident memory the kernel keeps for a process (VmHWM), so a step's own peak can be read. */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** The `[project] version` of an archive's pyproject.toml (publishing refuses any other number). */
function projectVersion(zip: Buffer): string {
  const files = unzipSync(zip, { filter: (file) => /(^|\/)pyproject\.toml$/.test(file.name) });
  const names = Object.keys(files).sort((a, b) => a.length - b.length);
  const text = new TextDecoder().decode(files[names[0] ?? ''] ?? new Uint8Array());
  const version = /^version\s*=\s*["']([^"']+)["']/m.exec(text)?.[1];
  if (!version) throw new Error('no version in pyproject.toml');
  return version;
}

/** The next patch version (`1.2.1` → `1.2.2`). */
function nextPatch(version: string): string {
  const [major = '0', minor = '0', patch = '0'] = version.split(/[.+-]/);
  return `${major}.${minor}.${Number.parseInt(patch, 10) + 1}`;
}

/** A copy of an archive with every tenth Python file changed, one removed and one added: a realistic next version. */
function modifiedCopy(original: Buffer, from: string, to: string): { zip: Buffer; changed: number } {
  const files = unzipSync(original);
  for (const name of Object.keys(files).filter((n) => /(^|\/)pyproject\.toml$/.test(n))) {
    const text = new TextDecoder().decode(files[name]);
    files[name] = new TextEncoder().encode(text.replace(`"${from}"`, `"${to}"`));
  }
  const python = Object.keys(files)
    .filter((name) => name.endsWith('.py'))
    .sort();
  let changed = 0;
  python.forEach((name, i) => {
    const bytes = files[name];
    if (i % 10 !== 0 || !bytes) return;
    const text = new TextDecoder().decode(bytes).replace(/\n/, '\n# reviewed change\n');
    files[name] = new TextEncoder().encode(`${text}\nVALUE_${i} = ${i}\n`);
    changed++;
  });
  const removed = python[1];
  if (removed) delete files[removed];
  const root = Object.keys(files)[0]?.includes('/') ? `${Object.keys(files)[0]?.split('/')[0]}/` : '';
  files[`${root}added_module.py`] = new TextEncoder().encode('def added():\n    return 1\n');
  return { zip: Buffer.from(zipSync(files)), changed };
}

async function run(ctx: BenchContext, args: string[], dataDir: string) {
  const result = await ctx.cli(args, { dataDir });
  if (result.code !== 0)
    throw new Error(`registry ${args[0]} exited with ${result.code}: ${result.stderr.slice(-500)}`);
  return result;
}

/** An identity token of the admin, for approving versions the scanner held. */
async function adminToken(server: RegistryProcess, email: string, password: string): Promise<string> {
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = (signIn.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const token = await fetch(`${server.url}/auth/token`, { headers: { cookie, origin: server.url } });
  if (!token.ok) throw new Error(`token: ${token.status} ${await token.text()}`);
  return ((await token.json()) as { token: string }).token;
}

/** Publishes one archive as comfy-cli does and waits until it is Active (approving it when the scanner holds it). */
async function publishArchive(
  server: RegistryProcess,
  token: string,
  admin: string,
  nodeId: string,
  version: string,
  zip: Buffer,
): Promise<void> {
  const published = await fetch(`${server.url}/publishers/bench/nodes/${nodeId}/versions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cliBody(token, nodeId, version)),
  });
  if (published.status !== 201) throw new Error(`publish ${nodeId}: ${published.status} ${await published.text()}`);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const uploaded = await fetch(signedUrl, { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: zip });
  if (uploaded.status !== 200) throw new Error(`upload ${nodeId}: ${uploaded.status} ${await uploaded.text()}`);
  await uploaded.arrayBuffer();
  const deadline = Date.now() + 600_000;
  let state = '';
  while (Date.now() < deadline) {
    const answer = await fetch(`${server.url}/nodes/${nodeId}/versions/${version}?include_status_reason=true`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const read = answer.ok ? ((await answer.json()) as { status: string; status_reason?: string }) : null;
    state = `${read?.status ?? answer.status} ${read?.status_reason ?? ''}`;
    if (read?.status === 'NodeVersionStatusActive') return;
    if (read?.status === 'NodeVersionStatusDeleted') throw new Error(`${nodeId}@${version} was refused: ${state}`);
    const held = read?.status === 'NodeVersionStatusPending' && /waiting for review/i.test(read.status_reason ?? '');
    if (held || read?.status === 'NodeVersionStatusFlagged' || read?.status === 'NodeVersionStatusBanned') {
      const approved = await fetch(`${server.url}/admin/nodes/${nodeId}/versions/${version}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ status: 'NodeVersionStatusActive', status_reason: 'benchmark' }),
      });
      if (!approved.ok) throw new Error(`approve ${nodeId}: ${approved.status} ${await approved.text()}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${nodeId}@${version} was not processed within 600 s (last seen: ${state})`);
}

/** The text file of the published archives whose size is nearest 200 KB. */
function fileNear200k(listings: { nodeId: string; files: { path: string; size: number; kind: string }[] }[]) {
  let best: { nodeId: string; path: string; size: number } | null = null;
  for (const listing of listings) {
    for (const file of listing.files) {
      if (file.kind !== 'text') continue;
      if (!best || Math.abs(file.size - 200_000) < Math.abs(best.size - 200_000)) {
        best = { nodeId: listing.nodeId, path: file.path, size: file.size };
      }
    }
  }
  return best;
}

const code: BenchSuite = {
  name: 'code',
  title: 'Code view (files and comparisons)',
  description:
    'The built server (SQLite) on a temporary DATA_DIR with the five largest archives of `../shared/corpus/real-packs/` published as comfy-cli does (an admin approves those the scanner holds), plus a modified copy of the largest as its next version (every tenth Python file changed, one removed, one added). The process’s first listing (of the modified copy) is reported apart from the first listing of each of the five archives, since it also pays the route’s one-time serializer compile. Requests are made one at a time with `fetch` from the same machine, so latencies include the client. Listing and file reads are timed over 200 requests each; the whole-version diff five times; memory is the server’s peak resident size (VmHWM, reset before each step) above its size before the step. The first-screen JavaScript row reads the built `web/dist/index.html` (entry script and its module preloads, gzip -9), the same files the web suite’s budget counts.',
  async run(ctx) {
    const corpus = path.resolve(ctx.root, '../shared/corpus/real-packs');
    const manifest = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as CorpusEntry[];
    const largest = manifest
      .map((entry) => ({ entry, bytes: readFileSync(path.join(corpus, entry.archive)) }))
      .sort((a, b) => b.bytes.length - a.bytes.length)
      .slice(0, ctx.options.quick ? 2 : LARGEST);

    const dataDir = ctx.tempDir('code');
    const email = 'bench@example.test';
    const password = 'bench-password-123';
    await run(ctx, ['create-admin', '--email', email, '--password', password], dataDir);
    await run(ctx, ['create-publisher', '--id', 'bench', '--name', 'Bench', '--owner', email], dataDir);
    const token = (await run(ctx, ['create-token', '--publisher', 'bench', '--name', 'bench'], dataDir)).stdout.trim();
    const server = await ctx.startRegistry({ dataDir });
    const admin = await adminToken(server, email, password);

    ctx.log(`code: publishing ${largest.length} packs`);
    const packs: { nodeId: string; bytes: number; version: string }[] = [];
    for (const { entry, bytes } of largest) {
      const nodeId = entry.pyproject_name || entry.id;
      const version = projectVersion(bytes);
      await publishArchive(server, token, admin, nodeId, version, bytes);
      packs.push({ nodeId, bytes: bytes.length, version });
    }
    const biggest = packs[0];
    const biggestBytes = largest[0]?.bytes;
    if (!biggest || !biggestBytes) throw new Error('no archive in the corpus');
    const next = nextPatch(biggest.version);
    const copy = modifiedCopy(biggestBytes, biggest.version, next);
    await publishArchive(server, token, admin, biggest.nodeId, next, copy.zip);

    const rows: BenchRow[] = [];
    const versionOf = new Map(packs.map((p) => [p.nodeId, p.version]));
    const listUrl = (nodeId: string) => `${server.url}/nodes/${nodeId}/versions/${versionOf.get(nodeId)}/files`;

    // The process's first listing pays the route's one-time costs (its response serializer is
    // compiled on first use, as every route's is: lib/schema-compilers.ts). It is taken on the
    // modified copy, which the first-listing row below does not include, and reported on its own.
    const warmup = await timed(`${server.url}/nodes/${biggest.nodeId}/versions/${next}/files`);
    rows.push({
      name: "the process's first listing of any archive (the route's serializer compiled on first use; the modified copy)",
      values: { samples: 1, 'p50 ms': round(warmup.ms) },
    });

    // First reads: each archive's file list is read from where the pipeline kept it (later ones
    // come from the listing cache).
    const first: number[] = [];
    const listings: { nodeId: string; files: { path: string; size: number; kind: string }[] }[] = [];
    for (const pack of packs) {
      const { ms, body } = await timed(listUrl(pack.nodeId));
      first.push(ms);
      listings.push({ nodeId: pack.nodeId, files: (JSON.parse(body) as { files: never[] }).files });
    }
    const fileCounts = listings.map((l) => l.files.length);
    rows.push({
      name: `first listing of each archive (${packs.length} archives, ${Math.min(...fileCounts)}-${Math.max(...fileCounts)} files)`,
      values: { samples: first.length, 'p50 ms': round(percentile(first, 50)), 'p95 ms': round(percentile(first, 95)) },
      target: { goal: 'p95 ≤ 50 ms', met: percentile(first, 95) <= 50 },
    });

    resetPeak(server.pid);
    const before = server.rssMiB();
    const listed: number[] = [];
    for (let i = 0; i < SAMPLES; i++) listed.push((await timed(listUrl(packs[i % packs.length]?.nodeId ?? ''))).ms);
    rows.push({
      name: 'GET /nodes/{id}/versions/{v}/files (listing), rotating over the archives',
      values: {
        samples: listed.length,
        'p50 ms': round(percentile(listed, 50)),
        'p95 ms': round(percentile(listed, 95)),
        'peak RSS above start MiB': round(server.peakRssMiB() - before),
      },
      target: { goal: 'p95 ≤ 50 ms', met: percentile(listed, 95) <= 50 },
    });

    const target = fileNear200k(listings);
    if (target) {
      const url = `${server.url}/nodes/${target.nodeId}/versions/${versionOf.get(target.nodeId)}/files/${target.path.split('/').map(encodeURIComponent).join('/')}`;
      resetPeak(server.pid);
      const start = server.rssMiB();
      const reads: number[] = [];
      for (let i = 0; i < SAMPLES; i++) reads.push((await timed(url)).ms);
      rows.push({
        name: `GET .../files/{path}: ${target.path} of ${target.nodeId} (${round(target.size / 1024)} KiB), read from the archive each time`,
        values: {
          samples: reads.length,
          'p50 ms': round(percentile(reads, 50)),
          'p95 ms': round(percentile(reads, 95)),
          'peak RSS above start MiB': round(server.peakRssMiB() - start),
        },
        target: { goal: 'p95 ≤ 50 ms', met: percentile(reads, 95) <= 50 },
      });
    }

    const diffUrl = `${server.url}/nodes/${biggest.nodeId}/compare/${biggest.version}...${next}`;
    resetPeak(server.pid);
    const diffStart = server.rssMiB();
    const diffs: number[] = [];
    let summary = '';
    for (let i = 0; i < (ctx.options.quick ? 1 : DIFF_RUNS); i++) {
      const { ms, body } = await timed(diffUrl);
      diffs.push(ms);
      const answer = JSON.parse(body) as { modified: number; added: number; removed: number; unchanged: number };
      summary = `${answer.modified} changed, ${answer.added} added, ${answer.removed} removed, ${answer.unchanged} unchanged`;
    }
    const onePeak = server.peakRssMiB() - diffStart;
    rows.push({
      name: `GET /nodes/{id}/compare/${biggest.version}...${next}: ${biggest.nodeId} (${round(biggest.bytes / 2 ** 20)} MiB) against its modified copy (${summary})`,
      values: {
        samples: diffs.length,
        'p50 ms': round(percentile(diffs, 50)),
        'p95 ms': round(percentile(diffs, 95)),
        'peak RSS above start MiB': round(onePeak),
      },
      target: { goal: '≤ 1 s', met: percentile(diffs, 95) <= 1000 },
    });

    resetPeak(server.pid);
    const concurrentStart = server.rssMiB();
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENT_DIFFS }, () => timed(diffUrl)));
    const concurrentMs = performance.now() - started;
    const perRequest = (server.peakRssMiB() - concurrentStart) / CONCURRENT_DIFFS;
    rows.push({
      name: `the same diff, ${CONCURRENT_DIFFS} at once: memory per request (peak RSS above start ÷ ${CONCURRENT_DIFFS})`,
      values: {
        samples: CONCURRENT_DIFFS,
        'p50 ms': round(concurrentMs),
        'peak RSS above start MiB': round(perRequest * CONCURRENT_DIFFS),
        'MiB per request': round(perRequest),
      },
      target: { goal: 'bounded: ≤ 64 MiB per request', met: perRequest <= 64 },
    });

    const dist = path.join(ctx.root, 'web/dist');
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const scripts = [
      ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ].map((m) => m[1] ?? '');
    const files = [...new Set(scripts)].filter(Boolean).map((url) => path.join(dist, url));
    const gz = files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
    const highlighterOnFirstScreen = files.some((file) => readFileSync(file, 'utf8').includes('hljs-'));
    rows.push({
      name: `first-screen JavaScript of every page (entry and preloads, ${files.length} files); highlighter among them: ${highlighterOnFirstScreen ? 'yes' : 'no'}`,
      values: { 'gzip KiB': round(gz / 1024) },
      target: { goal: '≤ 170 KiB gzip, highlighter not included', met: gz / 1024 <= 170 && !highlighterOnFirstScreen },
    });
    return rows;
  },
};

export default code;
