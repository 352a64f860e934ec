import type { PackRequirements, PythonRequirement, RequirementOption } from '../requirements/index.js';
import type { ScanFinding } from '../types.js';
import { finding } from './finding.js';

/** Index hosts a version may ask pip to use without being held, when no setting says otherwise. */
export const DEFAULT_ALLOWED_INDEX_HOSTS = ['download.pytorch.org'];

/** Code hosts whose `git+` URLs only label a version (the source is public and attributable). */
const WELL_KNOWN_GIT_HOSTS = new Set(['github.com', 'gitlab.com', 'bitbucket.org', 'codeberg.org', 'huggingface.co']);

/** pip's package index itself: pointing at it changes nothing. */
const PACKAGE_INDEX_HOSTS = new Set(['pypi.org', 'pypi.python.org', 'files.pythonhosted.org']);

/** Options that make pip fetch packages from somewhere else than the package index. */
const INDEX_OPTIONS = new Set(['--index-url', '--extra-index-url', '--find-links', '--requirement', '--constraint']);

/**
 * Packages ComfyUI packs commonly depend on (PEP 503 names). A requirement one typo away from one
 * of them, and not itself a known package, is the classic way to slip a look-alike wheel in.
 */
const COMMON_PACKAGES = [
  'torch',
  'torchvision',
  'torchaudio',
  'torchsde',
  'numpy',
  'pillow',
  'opencv-python',
  'opencv-python-headless',
  'opencv-contrib-python',
  'opencv-contrib-python-headless',
  'transformers',
  'diffusers',
  'accelerate',
  'safetensors',
  'einops',
  'scipy',
  'scikit-image',
  'scikit-learn',
  'huggingface-hub',
  'requests',
  'tqdm',
  'onnxruntime',
  'onnxruntime-gpu',
  'insightface',
  'kornia',
  'matplotlib',
  'pyyaml',
  'imageio',
  'imageio-ffmpeg',
  'moviepy',
  'librosa',
  'soundfile',
  'ultralytics',
  'segment-anything',
  'mediapipe',
  'xformers',
  'spandrel',
  'color-matcher',
  'rembg',
  'gitpython',
  'websocket-client',
  'aiohttp',
  'omegaconf',
  'sentencepiece',
  'tokenizers',
  'protobuf',
  'pandas',
  'numba',
  'piexif',
  'openai',
  'anthropic',
  'google-generativeai',
  'gguf',
  'bitsandbytes',
  'peft',
  'open-clip-torch',
  'facexlib',
  'basicsr',
  'gfpgan',
  'realesrgan',
  'trimesh',
  'ftfy',
  'psutil',
  'pydantic',
  'av',
  'decord',
  'timm',
  'lark',
  'simpleeval',
  'dill',
  'matrix-client',
  'comfyui-frontend-package',
];

/** Real packages that are one typo away from a common one: not look-alikes. */
const KNOWN_NEIGHBOURS = new Set([
  'torchx',
  'scapy',
  'numpy-stl',
  'pillow-heif',
  'pillow-avif-plugin',
  'openai-whisper',
]);

const COMMON = new Set(COMMON_PACKAGES);

/** Damerau-Levenshtein distance (optimal string alignment), stopping early above `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] ?? 0) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] ?? 0;
}

/** The common package `name` imitates, or null. Separators and digit/letter swaps count as typos. */
export function lookalikeOf(name: string): string | null {
  if (name.length < 4 || COMMON.has(name) || KNOWN_NEIGHBOURS.has(name)) return null;
  const folded = name.replace(/[-_.]/g, '').replace(/0/g, 'o').replace(/1/g, 'l').replace(/rn/g, 'm');
  for (const common of COMMON_PACKAGES) {
    if (folded === common.replace(/[-_.]/g, '')) return common;
    const allowed = common.length >= 10 ? 2 : common.length >= 5 ? 1 : 0;
    if (allowed > 0 && distance(name, common, allowed) <= allowed) return common;
  }
  return null;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url.replace(/^[a-z]+\+/i, '')).hostname.toLowerCase();
  } catch {
    return null;
  }
}

const VCS = /^(git|hg|svn|bzr)\+/i;

/** What the registry knows about the pack when it checks its dependencies. */
export interface DependencyContext {
  /** `[project.urls] Repository` of the archive ('' when absent). */
  repository: string;
  /** Index hosts a setting allows (`ARCHIVE_ALLOWED_INDEX_HOSTS`). */
  allowedIndexHosts: readonly string[];
}

/**
 * Findings about where a version's Python dependencies come from (policy in docs/moderation.md,
 * "Dependency rules"): packages from outside the package index and look-alike names hold the
 * version; pins, git URLs of well-known hosts and allowed extra indexes label it.
 */
export function scanDependencies(requirements: PackRequirements, context: DependencyContext): ScanFinding[] {
  const out: ScanFinding[] = [];
  const repositoryHost = hostOf(context.repository);
  const allowed = new Set(context.allowedIndexHosts.map((h) => h.toLowerCase()));
  for (const option of requirements.options) {
    const found = optionFinding(option, allowed);
    if (found) out.push(found);
  }
  for (const requirement of requirements.requirements) {
    out.push(...requirementFindings(requirement, repositoryHost));
  }
  return out;
}

function optionFinding(option: RequirementOption, allowed: Set<string>): ScanFinding | null {
  const base = { file_path: option.sourceFile, line: option.line, snippet: option.text, scanner: 'dependencies' };
  if (option.option === '--trusted-host') {
    return finding({
      ...base,
      issue_type: 'dependency_outside_index',
      severity: 'high',
      message: `pip is told to trust ${option.value} without checking its certificate`,
    });
  }
  if (!INDEX_OPTIONS.has(option.option)) return null;
  const host = hostOf(option.value);
  if (host === null) return null;
  if (PACKAGE_INDEX_HOSTS.has(host)) return null;
  if (allowed.has(host) && option.option !== '--requirement' && option.option !== '--constraint') {
    return finding({
      ...base,
      issue_type: 'dependency_extra_index',
      severity: 'low',
      message: `installs packages from ${host}, an extra index this registry allows`,
    });
  }
  return finding({
    ...base,
    issue_type: 'dependency_outside_index',
    severity: 'high',
    message: `${option.option} makes pip fetch packages from ${host}, outside the package index`,
  });
}

function requirementFindings(requirement: PythonRequirement, repositoryHost: string | null): ScanFinding[] {
  const out: ScanFinding[] = [];
  const base = {
    file_path: requirement.sourceFile,
    line: requirement.line,
    snippet: requirement.text,
    scanner: 'dependencies',
  };
  const label = requirement.name || requirement.url;
  const imitated = requirement.name ? lookalikeOf(requirement.name) : null;
  if (imitated) {
    out.push(
      finding({
        ...base,
        issue_type: 'dependency_lookalike',
        severity: 'high',
        message: `${requirement.name} looks like ${imitated}, a package ComfyUI packs commonly use`,
      }),
    );
  }
  const url = requirement.url;
  const host = url ? hostOf(url) : null;
  if (url && host !== null && VCS.test(url)) {
    const known = host === repositoryHost || WELL_KNOWN_GIT_HOSTS.has(host);
    out.push(
      finding({
        ...base,
        issue_type: known ? 'dependency_git' : 'dependency_outside_index',
        severity: known ? 'low' : 'high',
        message: known
          ? `${label} is installed from a git repository on ${host}`
          : `${label} is installed from a git repository on ${host}, neither the pack's own repository host nor a well-known one`,
      }),
    );
  } else if (url && host !== null) {
    out.push(
      finding({
        ...base,
        issue_type: 'dependency_outside_index',
        severity: 'high',
        message: `${label} is downloaded directly from ${host} instead of the package index`,
      }),
    );
  } else if (!requirement.constraint && /^(==|===)[^*]*$/.test(requirement.specifier)) {
    out.push(
      finding({
        ...base,
        issue_type: 'dependency_pinned',
        severity: 'low',
        message: `${requirement.name} is pinned to one version (${requirement.specifier})`,
      }),
    );
  }
  return out;
}
