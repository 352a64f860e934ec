import type { AppContext } from '../../context.js';
import { HttpError } from '../../lib/errors.js';
import { PackBannedError } from '../catalogue/pack-guards.js';
import type { NodeJson } from '../catalogue/wire.js';
import { coreClassNames } from '../comfy-nodes/core-nodes.js';
import { findPackProviding } from '../comfy-nodes/service.js';
import { catalogueCache } from '../nodes/cache/catalogue-cache.js';
import { NodeMovedError } from '../nodes/node-access.js';
import { getNode } from '../nodes/service.js';
import { getPublisher } from '../publishers/service.js';
import { type EmbeddedData, isHttpUrl, type PageHead, SITE_NAME, summarize } from './page-head.js';

/**
 * What the web listener serves for a shareable URL: the page with its own head and embedded data
 * (200), the app with a "not found" head (404) or "unavailable" head (403, banned packs), or a
 * redirect to the canonical spelling of a pack id.
 */
export type SharePage =
  | { status: 200 | 403 | 404; head: PageHead; data?: EmbeddedData }
  | { status: 302; location: string };

/** A shareable page and the ids it is about, read from a request path. */
export type ShareRoute =
  | { kind: 'node'; nodeId: string; publisherId?: string }
  | { kind: 'publisher'; publisherId: string }
  | { kind: 'comfy-node'; name: string };

/** Longest id or class name looked up; anything longer cannot exist and is simply not found. */
const MAX_SEGMENT = 256;

/**
 * The shareable page a path names, if any: `/nodes/:id`, `/publishers/:p/nodes/:id`,
 * `/publishers/:p`, `/comfy-nodes/:name` (one trailing slash allowed). Segments that are not valid
 * percent-encoding make the path an ordinary app route.
 */
export function matchShareRoute(pathname: string): ShareRoute | undefined {
  const raw = pathname.replace(/\/$/, '').split('/').slice(1);
  let parts: string[];
  try {
    parts = raw.map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
  if (parts.some((p) => p === '' || p.length > MAX_SEGMENT)) return undefined;
  const [first, second, third, fourth] = parts;
  if (parts.length === 2 && first === 'nodes' && second) return { kind: 'node', nodeId: second };
  if (parts.length === 4 && first === 'publishers' && second && third === 'nodes' && fourth) {
    return { kind: 'node', nodeId: fourth, publisherId: second };
  }
  // The client router sends `/publishers/create` to the create form, so it is never a publisher page here.
  if (parts.length === 2 && first === 'publishers' && second && second !== 'create') {
    return { kind: 'publisher', publisherId: second };
  }
  if (parts.length === 2 && first === 'comfy-nodes' && second) return { kind: 'comfy-node', name: second };
  return undefined;
}

const titled = (name: string) => `${name} · ${SITE_NAME}`;

function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.statusCode : undefined;
}

function packHead(pack: NodeJson, webUrl: string): PageHead {
  const name = pack.name || pack.id;
  return {
    title: titled(name),
    description: summarize(pack.description, `${name}: a ComfyUI custom-node pack on the ${SITE_NAME}.`),
    url: `${webUrl}/nodes/${encodeURIComponent(pack.id)}`,
    ...(isHttpUrl(pack.icon) ? { image: pack.icon } : {}),
  };
}

/** The head and status of a page that does not exist: the app shows its not-found screen. */
export const missing = (title: string): { status: 404; head: PageHead } => ({
  status: 404,
  head: { title: titled(title), description: 'This page does not exist on the ComfyUI Registry.', noindex: true },
});

async function nodePage(ctx: AppContext, route: { nodeId: string; publisherId?: string }, webUrl: string) {
  try {
    const pack = await getNode(ctx, route.nodeId, { allowBanned: false, includeTranslations: false });
    return {
      status: 200,
      head: packHead(pack, webUrl),
      data: { fetchedAt: Date.now(), queries: { [`/nodes/${pack.id}`]: pack } },
    } satisfies SharePage;
  } catch (error) {
    if (error instanceof NodeMovedError) {
      const location = route.publisherId
        ? `/publishers/${encodeURIComponent(route.publisherId)}/nodes/${encodeURIComponent(error.canonicalId)}`
        : `/nodes/${encodeURIComponent(error.canonicalId)}`;
      return { status: 302, location } satisfies SharePage;
    }
    if (error instanceof PackBannedError) {
      return {
        status: 403,
        head: {
          title: titled('Pack unavailable'),
          description: 'This pack is not available on the ComfyUI Registry.',
          noindex: true,
        },
      } satisfies SharePage;
    }
    if (statusOf(error) === 404) return missing('Pack not found');
    throw error;
  }
}

async function publisherPage(ctx: AppContext, publisherId: string, webUrl: string): Promise<SharePage> {
  try {
    const publisher = await getPublisher(ctx.db, null, publisherId);
    const name = publisher.name || publisher.id;
    return {
      status: 200,
      head: {
        title: titled(name),
        description: summarize(publisher.description, `ComfyUI node packs published by ${name}.`),
        url: `${webUrl}/publishers/${encodeURIComponent(publisher.id)}`,
        ...(isHttpUrl(publisher.logo) ? { image: publisher.logo } : {}),
      },
      data: { fetchedAt: Date.now(), queries: { [`/publishers/${publisher.id}`]: publisher } },
    };
  } catch (error) {
    if (statusOf(error) === 404) return missing('Publisher not found');
    throw error;
  }
}

async function comfyNodePage(ctx: AppContext, name: string, webUrl: string): Promise<SharePage> {
  const url = `${webUrl}/comfy-nodes/${encodeURIComponent(name)}`;
  // Core classes win over packs that also list them (as the resolver decides), so no pack is
  // embedded: the page would otherwise paint that pack first and then switch to "core".
  if ((await coreClassNames(ctx.db)).has(name)) {
    return {
      status: 200,
      head: { title: titled(name), description: `${name} is a node that ships with ComfyUI.`, url },
    };
  }
  try {
    const pack = await findPackProviding(ctx, name);
    const packName = pack.name || pack.id;
    const about = summarize(pack.description, '');
    return {
      status: 200,
      head: {
        title: titled(name),
        description: summarize(
          `${name} is a ComfyUI node from ${packName}.${about ? ` ${about}` : ''}`,
          `${name} is a ComfyUI node from ${packName}.`,
        ),
        url,
        ...(isHttpUrl(pack.icon) ? { image: pack.icon } : {}),
      },
      data: { fetchedAt: Date.now(), queries: { [`/comfy-nodes/${name}/node`]: pack } },
    };
  } catch (error) {
    const status = statusOf(error);
    if (status === 404 || status === 400) return missing('Node class not found');
    throw error;
  }
}

/**
 * The page for a shareable route, read in-process from the registry's own services. Answers are
 * kept in the catalogue response cache: a catalogue change (this instance's event or the change
 * feed) or `CATALOGUE_CACHE_MAX_AGE_MS` makes the next request read afresh.
 */
export async function sharePage(ctx: AppContext, route: ShareRoute): Promise<SharePage> {
  const webUrl = ctx.config.server.PUBLIC_WEB_URL.replace(/\/+$/, '');
  const answer = await catalogueCache(ctx).get(JSON.stringify(['web-page', route]), async () => {
    const page =
      route.kind === 'node'
        ? await nodePage(ctx, route, webUrl)
        : route.kind === 'publisher'
          ? await publisherPage(ctx, route.publisherId, webUrl)
          : await comfyNodePage(ctx, route.name, webUrl);
    return Buffer.from(JSON.stringify(page));
  });
  return JSON.parse(answer.body.toString('utf8')) as SharePage;
}
