// ComfyUI web extension: sends the front end's registry calls (browse, search fallback, pack
// pages, version picker, node definitions, missing-node lookup, conflict check, reviews) to the
// registry this connector is configured with, instead of https://api.comfy.org.
//
// The front end's registry service is an axios instance with that address built in, and its
// interceptors are out of reach from an extension. axios sends through XMLHttpRequest in the
// browser, so the address is changed there (and in fetch, for the same calls made that way),
// before the request leaves. Only the paths in registry-paths.js move; every other call to
// api.comfy.org (sign-in, billing, release notes, partner nodes) goes where it always went.
//
// Unconfigured (no COMFY_REGISTRY_URL, no registry-url.txt), the connector answers no address and
// this file changes nothing.

import { PUBLIC_REGISTRY, REGISTRY_PATHS, redirectedUrl } from './registry-paths.js';

const PREFIX = '[Registry connector]';

/** The registry address from the connector's Python side, or null (unconfigured, or no answer). */
async function configuredRegistry() {
  // Relative to this file (served at <ComfyUI>/extensions/<folder>/), so it also works when
  // ComfyUI is served under a path prefix.
  const settings = new URL('../../registry-connector/settings', import.meta.url);
  try {
    const response = await fetch(settings, { cache: 'no-store' });
    if (!response.ok) return null;
    const { registry } = await response.json();
    return typeof registry === 'string' && /^https?:\/\//.test(registry) ? registry.replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

function install(registry) {
  const note = (method, from, to) => console.debug(`${PREFIX} ${method} ${from} -> ${to}`);

  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    const target = redirectedUrl(String(url), registry);
    if (target === null) return open.call(this, method, url, ...rest);
    note(String(method).toUpperCase(), String(url), target);
    return open.call(this, method, target, ...rest);
  };

  const originalFetch = window.fetch;
  // Always called on window: fetch refuses any other receiver ("Illegal invocation").
  window.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const target = redirectedUrl(url, registry);
    if (target === null) return originalFetch.call(window, input, init);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    note(method, url, target);
    return originalFetch.call(window, input instanceof Request ? new Request(target, input) : target, init);
  };

  console.info(
    `${PREFIX} the front end's registry calls (${REGISTRY_PATHS.join(', ')}) go to ${registry} instead of ${PUBLIC_REGISTRY}; other ${PUBLIC_REGISTRY} calls are unchanged`,
  );
}

// Top-level await: ComfyUI waits for every extension module before the app starts, so no
// registry call can leave before the redirect is in place.
const registry = await configuredRegistry();
if (registry !== null && registry !== PUBLIC_REGISTRY) install(registry);
