import type { NodeStatus, NodeVersionStatus } from '../../db/schema.js';
import { pickHighestVersion } from '../catalogue/latest-version.js';
import { type DemoComfyNode, generateComfyNodes } from './comfy-nodes.js';
import type { SeededRandom } from './random.js';
import {
  ACCELERATOR_CHOICES,
  CATEGORIES,
  COMFYUI_VERSIONS,
  FEATURES,
  LICENSES,
  OS_CHOICES,
  PACK_SUFFIXES,
  PACK_WORDS,
  PUBLISHER_WORDS,
  PYTHON_DEPENDENCIES,
  TAGS,
  TASKS,
} from './vocabulary.js';

/** A demo publisher and the account that owns it. */
export interface DemoPublisher {
  id: string;
  name: string;
  description: string;
  website: string;
  owner: { id: string; email: string; name: string };
  createdAt: string;
}

export interface DemoVersion {
  id: string;
  version: string;
  status: NodeVersionStatus;
  statusReason: string;
  deprecated: boolean;
  changelog: string;
  dependencies: string[];
  downloads: number;
  createdAt: string;
  storageFileId: string;
}

export interface DemoPack {
  id: string;
  publisherId: string;
  name: string;
  description: string;
  author: string;
  license: string;
  repositoryUrl: string;
  category: string;
  tags: string[];
  supportedOs: readonly string[];
  supportedAccelerators: readonly string[];
  supportedComfyuiVersion: string;
  searchRanking: number | null;
  githubStars: number;
  status: NodeStatus;
  createdAt: string;
  versions: DemoVersion[];
  /** The classes every version of the pack provides. */
  comfyNodes: DemoComfyNode[];
  latestVersionId: string | null;
  downloads: number;
}

const DAY = 86_400_000;
/** All demo timestamps are offsets from this instant, so they are the same on every run. */
const EPOCH = Date.UTC(2024, 0, 1);

/** A new publisher; `index` keeps ids unique across the run. */
export function generatePublisher(rng: SeededRandom, index: number): DemoPublisher {
  const [first, second] = rng.sample(PUBLISHER_WORDS, 2) as [string, string];
  const id = `${first}-${second}-${index.toString(36)}`;
  const name = `${capitalize(first)} ${capitalize(second)}`;
  return {
    id,
    name,
    description: `${name} builds ComfyUI nodes for ${rng.pick(TASKS)}.`,
    website: `https://${first}${second}.example`,
    owner: { id: rng.uuid(), email: `${id}@demo.example`, name: `${name} Owner` },
    createdAt: iso(EPOCH + rng.int(0, 300) * DAY),
  };
}

/** One pack of `publisher` with `versionCount` versions; `index` keeps the id unique across the run. */
export function generatePack(
  rng: SeededRandom,
  index: number,
  publisher: DemoPublisher,
  versionCount: number,
): DemoPack {
  const [first, second] = rng.sample(PACK_WORDS, 2) as [string, string];
  const suffix = rng.pick(PACK_SUFFIXES);
  const shape = rng.int(0, 9);
  const base =
    shape < 5 ? `comfyui-${first}-${second}` : shape < 8 ? `${first}-${second}-${suffix}` : `${first}_${second}`;
  const id = `${base}-${index.toString(36)}`;
  const name = `${capitalize(first)} ${capitalize(second)} ${capitalize(suffix)}`;
  const category = rng.pick(CATEGORIES);
  const features = rng.sample(FEATURES, 3);
  const createdMs = Date.parse(publisher.createdAt) + rng.int(0, 200) * DAY;
  const comfyNodes = generateComfyNodes(rng, capitalize(first), category, nodeCount(rng));
  const versions = generateVersions(rng, versionCount, createdMs);
  const status: NodeStatus = rng.chance(0.01) ? 'NodeStatusBanned' : 'NodeStatusActive';
  const latest = pickHighestVersion(versions.filter((v) => v.status === 'NodeVersionStatusActive'));
  return {
    id,
    publisherId: publisher.id,
    name,
    description: `${comfyNodes.length} ComfyUI nodes for ${rng.pick(TASKS)}: ${features[0]}, ${features[1]} and ${features[2]}.`,
    author: publisher.name,
    license: rng.pick(LICENSES),
    repositoryUrl: `https://github.com/${publisher.id}/${id}`,
    category,
    tags: rng.sample(TAGS, rng.int(1, 4)),
    supportedOs: rng.pick(OS_CHOICES),
    supportedAccelerators: rng.pick(ACCELERATOR_CHOICES),
    supportedComfyuiVersion: rng.pick(COMFYUI_VERSIONS),
    searchRanking: rng.chance(0.1) ? rng.int(1, 10) : null,
    githubStars: rng.popularity(20_000),
    status,
    createdAt: iso(createdMs),
    versions,
    comfyNodes,
    latestVersionId: latest?.id ?? null,
    downloads: versions.reduce((sum, v) => sum + v.downloads, 0),
  };
}

/** Mostly 1–5 classes per pack, a few large packs (as in the real catalogue). */
function nodeCount(rng: SeededRandom): number {
  return rng.chance(0.03) ? rng.int(8, 30) : rng.int(1, 5);
}

/** Ascending semver versions; the newest may still be Pending or Flagged, older ones deprecated. */
function generateVersions(rng: SeededRandom, count: number, createdMs: number): DemoVersion[] {
  const versions: DemoVersion[] = [];
  let [major, minor, patch] = [rng.int(0, 1), rng.int(0, 3), 0];
  let at = createdMs;
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      const bump = rng.next();
      if (bump < 0.6) patch += 1;
      else if (bump < 0.9) [minor, patch] = [minor + 1, 0];
      else [major, minor, patch] = [major + 1, 0, 0];
      at += rng.int(1, 60) * DAY;
    }
    const newest = i === count - 1;
    const roll = rng.next();
    let status: NodeVersionStatus = 'NodeVersionStatusActive';
    if (newest && roll < 0.08) status = 'NodeVersionStatusPending';
    else if (roll > 0.97) status = 'NodeVersionStatusFlagged';
    const version = `${major}.${minor}.${patch}`;
    versions.push({
      id: rng.uuid(),
      version,
      status,
      statusReason:
        status === 'NodeVersionStatusFlagged'
          ? JSON.stringify([{ rule: 'subprocess-call', file: '__init__.py', line: rng.int(3, 40) }])
          : '',
      deprecated: !newest && status === 'NodeVersionStatusActive' && rng.chance(0.05),
      changelog: i === 0 ? 'First release.' : `Fixes and ${rng.pick(FEATURES)}.`,
      dependencies: rng.sample(PYTHON_DEPENDENCIES, rng.int(0, 4)),
      downloads: rng.popularity(50_000),
      createdAt: iso(at),
      storageFileId: rng.uuid(),
    });
  }
  return versions;
}

function capitalize(word: string): string {
  return word.length <= 4 && /^(llm|sdxl|vae|gguf|clip|wan)$/.test(word)
    ? word.toUpperCase()
    : word.charAt(0).toUpperCase() + word.slice(1);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
