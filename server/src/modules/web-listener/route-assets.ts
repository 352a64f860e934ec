import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (`web/dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

/** A screen of the web app: the translation namespaces and the lazily loaded module it needs. */
export interface Screen {
  namespaces: string[];
  /** Source path of the screen's lazy route module, as the manifest names it. */
  module?: string;
}

/** The screens served with their assets announced up front (see web/src/app/router.tsx). */
export const screens = {
  home: { namespaces: ['search'] },
  node: { namespaces: ['node'], module: 'src/features/node/components/NodePage.tsx' },
  publisher: {
    namespaces: ['publisher-profile'],
    module: 'src/features/publisher-profile/components/PublisherPage.tsx',
  },
  comfyNode: {
    namespaces: ['comfy-node'],
    module: 'src/features/comfy-node/components/ComfyNodePage.tsx',
  },
} satisfies Record<string, Screen>;

/** What a page announces in `<head>` so the browser fetches it with the entry script, not after it. */
export interface ScreenHints {
  namespaces: string[];
  modules: string[];
}

/** Reads the build manifest; without one (an older build) screens get namespace hints only. */
export function readManifest(webRoot: string): Manifest | undefined {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** Every chunk a manifest key loads, itself first, following static imports. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * The hints of a screen: its namespaces, and the module files of its lazy route that the entry
 * (`index.html`, already preloaded by the page itself) does not load.
 */
export function screenHints(manifest: Manifest | undefined, screen: Screen): ScreenHints {
  if (!manifest || !screen.module) return { namespaces: screen.namespaces, modules: [] };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entry ? closure(manifest, entry) : new Set<string>();
  const modules = [...closure(manifest, screen.module)]
    .filter((key) => !loaded.has(key))
    .map((key) => `/${manifest[key]?.file ?? ''}`)
    .filter((file) => file.endsWith('.js'));
  return { namespaces: screen.namespaces, modules };
}
