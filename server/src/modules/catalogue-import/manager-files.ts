import { readFile } from 'node:fs/promises';
import { normalizeRepositoryUrl } from '../../lib/repository-url.js';

/**
 * The three ComfyUI-Manager data files, parsed and checked for shape. A file whose top level is
 * wrong is rejected whole (`ManagerInputError`); single odd entries inside a good file are left
 * for the planner to skip, or ignored with a warning, so real-world mess never aborts an import.
 */

/** The raw parsed JSON of each file; `nodeMap` and `stats` are optional. */
export interface ManagerInputs {
  nodes: unknown;
  nodeMap?: unknown;
  stats?: unknown;
}

/** Paths of the files, as given on the command line. */
export interface ManagerFilePaths {
  nodes: string;
  nodeMap?: string | undefined;
  stats?: string | undefined;
}

/** What the importer works from: the pack entries plus lookups keyed by normalised repository URL. */
export interface ManagerCatalogue {
  /** `custom_nodes` entries in file order, unvalidated. */
  entries: unknown[];
  /** Normalised repository URL → node class names (deduplicated, in file order). */
  classNames: Map<string, string[]>;
  /** Normalised repository URL → GitHub stars. */
  stars: Map<string, number>;
  /** Normalised repository URL → the node map's `nodename_pattern` (a regular expression class names match). */
  classPatterns: Map<string, string>;
  /**
   * Class names of ComfyUI itself (its entry in the node map), or undefined when there is no node
   * map or it has no entry for ComfyUI.
   */
  coreClassNames: string[] | undefined;
  /** Entries of the node map or stats file that were ignored, and why. */
  warnings: string[];
}

/** A data file that cannot be used at all: unreadable, not JSON, or the wrong shape. */
export class ManagerInputError extends Error {
  override name = 'ManagerInputError';
}

/** Reads and parses the files, naming the file and the problem in any error. */
export async function readManagerFiles(paths: ManagerFilePaths): Promise<ManagerInputs> {
  return {
    nodes: await readJson(paths.nodes),
    ...(paths.nodeMap ? { nodeMap: await readJson(paths.nodeMap) } : {}),
    ...(paths.stats ? { stats: await readJson(paths.stats) } : {}),
  };
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ManagerInputError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ManagerInputError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Checks the top-level shapes and builds the lookups. Throws `ManagerInputError` on a bad file. */
export function parseManagerInputs(inputs: ManagerInputs): ManagerCatalogue {
  const warnings: string[] = [];
  if (!isRecord(inputs.nodes) || !Array.isArray(inputs.nodes.custom_nodes)) {
    throw new ManagerInputError('The node list must be a JSON object with a "custom_nodes" array.');
  }
  const classPatterns = new Map<string, string>();
  const classNames =
    inputs.nodeMap === undefined ? new Map<string, string[]>() : parseNodeMap(inputs.nodeMap, warnings, classPatterns);
  return {
    entries: inputs.nodes.custom_nodes,
    classNames,
    classPatterns,
    stars: inputs.stats === undefined ? new Map() : parseStats(inputs.stats, warnings),
    coreClassNames: coreClassNamesOf(classNames),
    warnings,
  };
}

/**
 * Normalised URLs under which the node map lists ComfyUI's own classes: the Manager keys them by
 * `https://github.com/comfyanonymous/ComfyUI`; `Comfy-Org/ComfyUI` is where that repository lives
 * now, should the Manager switch to it.
 */
export const COMFYUI_REPOSITORIES = ['github.com/comfyanonymous/comfyui', 'github.com/comfy-org/comfyui'];

/** ComfyUI's own class names from the node map (both keys merged), or undefined when it has none. */
function coreClassNamesOf(classNames: Map<string, string[]>): string[] | undefined {
  const lists = COMFYUI_REPOSITORIES.map((url) => classNames.get(url)).filter((l): l is string[] => l !== undefined);
  return lists.length === 0 ? undefined : [...new Set(lists.flat())];
}

/**
 * `{url: [[class names...], {title_aux, nodename_pattern?, ...}]}`: the class names, and the
 * `nodename_pattern` (a regular expression the Manager matches classes no list names against,
 * the only way it knows some packs, e.g. rgthree's ` \(rgthree\)$`) when it is a usable one.
 */
function parseNodeMap(value: unknown, warnings: string[], patterns: Map<string, string>): Map<string, string[]> {
  if (!isRecord(value)) throw new ManagerInputError('The node map must be a JSON object keyed by repository URL.');
  const map = new Map<string, string[]>();
  for (const [url, item] of Object.entries(value)) {
    const names = Array.isArray(item) ? item[0] : undefined;
    if (!Array.isArray(names)) {
      warnings.push(`node map: ignored "${url}": not [[class names], {...}]`);
      continue;
    }
    const clean = names
      .filter((n): n is string => typeof n === 'string')
      .map((n) => n.trim())
      .filter((n) => n.length > 0 && n.length <= 500);
    if (clean.length !== names.length)
      warnings.push(`node map: "${url}": ignored ${names.length - clean.length} bad class names`);
    const key = normalizeRepositoryUrl(url);
    map.set(key, [...new Set([...(map.get(key) ?? []), ...clean])]);
    const meta = Array.isArray(item) ? item[1] : undefined;
    const pattern = isRecord(meta) ? meta.nodename_pattern : undefined;
    if (pattern === undefined) continue;
    const problem = classPatternProblem(pattern);
    if (problem) warnings.push(`node map: "${url}": ignored nodename_pattern: ${problem}`);
    else patterns.set(key, pattern as string);
  }
  return map;
}

/** Longest `nodename_pattern` kept; the real ones are under 200 characters. */
export const MAX_CLASS_PATTERN_LENGTH = 500;

/**
 * Why a `nodename_pattern` cannot be used, or null. The Manager compiles them with Python's `re`;
 * the registry with JavaScript's, which reads the patterns the Manager's list has the same way.
 */
export function classPatternProblem(pattern: unknown): string | null {
  if (typeof pattern !== 'string' || pattern.trim() === '') return 'not a non-empty string';
  if (pattern.length > MAX_CLASS_PATTERN_LENGTH) return `longer than ${MAX_CLASS_PATTERN_LENGTH} characters`;
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'not a valid regular expression';
  }
  return null;
}

/** `{url: {stars, last_update, author_account_age_days}}`. */
function parseStats(value: unknown, warnings: string[]): Map<string, number> {
  if (!isRecord(value)) throw new ManagerInputError('The GitHub stats must be a JSON object keyed by repository URL.');
  const map = new Map<string, number>();
  for (const [url, item] of Object.entries(value)) {
    const stars = isRecord(item) ? item.stars : undefined;
    if (typeof stars !== 'number' || !Number.isSafeInteger(stars) || stars < 0) {
      warnings.push(`stats: ignored "${url}": stars is not a non-negative integer`);
      continue;
    }
    map.set(normalizeRepositoryUrl(url), stars);
  }
  return map;
}

/** A plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
