import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { freePort } from '../processes.js';
import type { BenchContext, BenchRow, BenchSuite } from '../suite.js';

/** The first screen's JavaScript budget, compressed (gzip -9 of the files; on the wire for a page). */
const JS_BUDGET_KIB = 170;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The entry script and every module it preloads, as index.html lists them. */
function firstScreenScripts(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1] ?? '');
  return [...new Set(urls)].filter(Boolean).map((url) => path.join(dist, url));
}

/** The pack whose page is measured: a well-known pack of the real catalogue. */
const PACK_ID = 'comfyui-impact-pack';
/** The search whose result page is measured (`/?q=`). */
const SEARCH_QUERY = 'upscale';
/** Words typed into the home search box, one key at a time (each new prefix is one sample). */
const TYPED_WORDS = [
  'impact',
  'controlnet',
  'upscale',
  'video',
  'lora',
  'mask',
  'prompt',
  'depth',
  'audio',
  'segment',
  'animatediff',
  'tile',
  'wildcard',
];
const MIN_KEYSTROKES = 30;

interface PageTiming {
  lcp: number;
  fcp: number;
}

/** Bytes received for one page load, by kind, as the network delivered them (headers included). */
interface WireBytes {
  total: number;
  script: number;
  stylesheet: number;
  document: number;
  /** Translations and API answers fetched by the page. */
  data: number;
  requests: number;
  /** Responses that arrived with a `Content-Encoding`, of those larger than 1 KiB. */
  compressed: number;
  large: number;
}

/**
 * The throttled network the cold loads run on: 9 Mbit/s down and up, 100 ms round trip (a fair
 * home connection far from the server).
 */
const THROTTLE = { latency: 100, downloadThroughput: 9_000_000 / 8, uploadThroughput: 9_000_000 / 8 };

/** Largest contentful paint and first contentful paint of the page's current document. */
async function paintTimings(page: Page): Promise<PageTiming> {
  // Run in the page; written as text because this package compiles without the DOM types.
  return (await page.evaluate(`new Promise((resolve) => {
    let lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    setTimeout(() => resolve({ lcp, fcp }), 500);
  })`)) as PageTiming;
}

/**
 * Waits until the app itself shows the page's heading. The web listener sends shared pages with
 * their first screen already rendered, and the app replaces that markup when it starts; only
 * elements React created carry its `__reactFiber$` property, so the server's heading does not count.
 */
async function appRendered(page: Page): Promise<void> {
  // The probes are strings (the suite has no DOM types); the page's Content-Security-Policy forbids
  // evaluating strings, so the contexts bypass it (bypassCSP), which changes nothing that is timed.
  await page.waitForFunction(`(() => {
    const heading = document.querySelector('#root h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  })()`);
}

/**
 * One cold load in a fresh context (HTTP cache disabled, empty storage) with 4× CPU slowdown and,
 * with `throttle`, the throttled network: LCP, FCP, and the bytes the network delivered until the
 * app showed the page's heading (its first screen), counted from the DevTools protocol's
 * `encodedDataLength` (what crossed the wire, compressed or not). Then, with `warm`, a second
 * visit in the same context with the HTTP cache on and the persisted query cache in local
 * storage: LCP of that visit.
 */
async function measureLoad(url: string, options: { warm: boolean; throttle: boolean }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (options.throttle) await session.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLE });
    const kinds = new Map<string, string>();
    const encoded = new Map<string, boolean>();
    const wire: WireBytes = {
      total: 0,
      script: 0,
      stylesheet: 0,
      document: 0,
      data: 0,
      requests: 0,
      compressed: 0,
      large: 0,
    };
    let firstScreen = true;
    session.on('Network.responseReceived', (event) => {
      kinds.set(event.requestId, event.type);
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
      encoded.set(event.requestId, Boolean(headers['content-encoding']));
    });
    session.on('Network.loadingFinished', (event) => {
      if (!firstScreen) return;
      const bytes = event.encodedDataLength;
      const kind = kinds.get(event.requestId);
      wire.total += bytes;
      wire.requests += 1;
      if (kind === 'Script') wire.script += bytes;
      else if (kind === 'Stylesheet') wire.stylesheet += bytes;
      else if (kind === 'Document') wire.document += bytes;
      else if (kind === 'Fetch' || kind === 'XHR') wire.data += bytes;
      if (bytes > 1024) {
        wire.large += 1;
        if (encoded.get(event.requestId)) wire.compressed += 1;
      }
    });
    await page.goto(url, { waitUntil: 'load' });
    await appRendered(page);
    // The bytes of the first screen stop here, as the table says: what arrives while the paint
    // timings are read (half a second) is what the page fetches after its first screen.
    firstScreen = false;
    const cold = await paintTimings(page);
    let warm: PageTiming | undefined;
    if (options.warm) {
      // Let the throttled cache persistence write, then come back as a returning visitor.
      await page.waitForTimeout(1500);
      await page.close();
      const second = await context.newPage();
      const secondSession = await context.newCDPSession(second);
      await secondSession.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await second.goto(url, { waitUntil: 'load' });
      await appRendered(second);
      warm = await paintTimings(second);
    }
    await context.close();
    return { cold, warm, wire };
  } finally {
    await browser.close();
  }
}

type LoadResult = Awaited<ReturnType<typeof measureLoad>>;

/**
 * Keystroke to updated results on the home page (no CPU slowdown): each key press that makes a
 * query not typed before is timed from its `keydown` to the first animation frame in which the
 * URL holds that query and the results section is no longer busy (results rendered).
 */
async function measureKeystrokes(webUrl: string, log: (message: string) => void): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const samples: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${webUrl}/`, { waitUntil: 'load' });
    const box = page.getByRole('combobox').first();
    await box.waitFor();
    await page.evaluate(`(() => {
      document.addEventListener('keydown', (event) => { window.__keyAt = event.timeStamp; }, { capture: true });
      window.__settled = (expected) => new Promise((resolve) => {
        const check = (now) => {
          const q = new URLSearchParams(location.search).get('q') ?? '';
          const section = document.querySelector('section[aria-busy]');
          if (q === expected && section && section.getAttribute('aria-busy') === 'false') resolve(now - window.__keyAt);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    })()`);
    const seen = new Set<string>(['']);
    for (const word of TYPED_WORDS) {
      await box.fill('');
      await page.waitForFunction(`!new URLSearchParams(location.search).get('q')`);
      await page.waitForTimeout(300);
      let typed = '';
      for (const char of word) {
        typed += char;
        await box.press(char);
        const ms = (await page.evaluate(`window.__settled(${JSON.stringify(typed)})`)) as number;
        if (!seen.has(typed)) samples.push(ms);
        seen.add(typed);
        // A short pause between keys: every sample starts from settled results.
        await page.waitForTimeout(100);
      }
      log(`typed "${word}": ${samples.length} samples`);
      if (samples.length >= MIN_KEYSTROKES * 2) break;
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return samples;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

const LCP_COLD_MS = 1500;
const LCP_WARM_MS = 800;
const KEYSTROKE_P95_MS = 150;

/**
 * The home and pack pages as a visitor first sees them: how much JavaScript the first screen
 * needs and how fast its largest element paints on a slowed-down CPU, with an empty cache and on
 * a second visit; and how fast search results follow typing on the real catalogue.
 */
const web: BenchSuite = {
  name: 'web',
  title: 'Web app: first screen',
  description:
    "The built web app (`web/dist`) served by the registry's own web listener over the real ComfyUI-Manager " +
    'catalogue (`registry import-manager-list`). "Static" sums gzip -9 of the entry script and the modules ' +
    '`index.html` preloads (file sizes, not a transfer). "Bytes on the wire" is what the browser received ' +
    '(DevTools `encodedDataLength`: bodies as sent, compressed or not, plus headers) from navigation until the ' +
    "app (not the server-rendered markup) showed the page's heading; median of the runs. LCP and FCP: headless " +
    'Chromium, CPU slowed 4× through the DevTools protocol, 1440×900, signed out; cold loads once with the ' +
    'network throttled to 9 Mbit/s and 100 ms round trip and once on loopback. Cold: a fresh context per run ' +
    'with the HTTP cache disabled and empty storage. Warm: a second visit in the same context (HTTP cache on, ' +
    `TanStack Query cache persisted in local storage). Pages: \`/\`, \`/?q=${SEARCH_QUERY}\` and ` +
    `\`/nodes/${PACK_ID}\`. Keystroke: typing words into the home search box one key at a time without CPU ` +
    'slowdown, from `keydown` to the first frame showing the new results (URL updated, results no longer ' +
    'busy), counting each query not typed before. Client, server and benchmark share the machine.',
  async run(ctx: BenchContext) {
    const script = (await import(pathToFileURL(path.join(ctx.root, 'scripts/build.mjs')).href)) as {
      buildIfNeeded(options: { web?: boolean }): void;
    };
    ctx.log('building the web app if stale');
    script.buildIfNeeded({ web: true });
    const dist = path.join(ctx.root, 'web/dist');
    const staticScripts = firstScreenScripts(dist);
    const staticBytes = staticScripts.reduce((sum, file) => sum + gzipped(file), 0);
    const rawBytes = staticScripts.reduce((sum, file) => sum + statSync(file).size, 0);

    const dataDir = ctx.tempDir('web');
    ctx.log('importing the ComfyUI-Manager catalogue');
    const imported = await ctx.cli(
      [
        'import-manager-list',
        '--nodes',
        ctx.managerData.nodes,
        '--node-map',
        ctx.managerData.nodeMap,
        '--stats',
        ctx.managerData.stats,
      ],
      { dataDir },
    );
    if (imported.code !== 0) throw new Error(`import-manager-list failed: ${imported.stderr}`);
    const webPort = await freePort();
    const webUrl = `http://127.0.0.1:${webPort}`;
    await ctx.startRegistry({ dataDir, env: { WEB_PORT: String(webPort), PUBLIC_WEB_URL: webUrl } });
    const runs = ctx.options.quick ? 1 : 5;
    const rows: BenchRow[] = [
      {
        name: 'First-screen JavaScript (static: entry + preloads)',
        values: { 'gzip KiB': kib(staticBytes), 'raw KiB': kib(rawBytes), files: staticScripts.length },
        target: { goal: `≤ ${JS_BUDGET_KIB} KiB gzip`, met: kib(staticBytes) <= JS_BUDGET_KIB },
      },
    ];
    const stat = (values: number[]) => ({
      median: Math.round(median(values)),
      min: Math.round(Math.min(...values)),
      max: Math.round(Math.max(...values)),
    });
    for (const [label, pagePath] of [
      ['Home', '/'],
      ['Search', `/?q=${SEARCH_QUERY}`],
      ['Pack page', `/nodes/${PACK_ID}`],
    ] as const) {
      const throttled: LoadResult[] = [];
      const loopback: LoadResult[] = [];
      for (let i = 0; i < runs; i++) {
        ctx.log(`${label}: page load ${i + 1}/${runs}`);
        throttled.push(await measureLoad(`${webUrl}${pagePath}`, { warm: false, throttle: true }));
        loopback.push(await measureLoad(`${webUrl}${pagePath}`, { warm: true, throttle: false }));
      }
      const wire = (pick: (w: WireBytes) => number) => kib(median(throttled.map((r) => pick(r.wire))));
      const first = throttled[0]?.wire;
      const cold = throttled.map((r) => r.cold.lcp);
      const loopbackCold = loopback.map((r) => r.cold.lcp);
      const warm = loopback.flatMap((r) => (r.warm ? [r.warm.lcp] : []));
      rows.push(
        {
          name: `${label}: bytes on the wire until the app shows the page (cold load)`,
          values: {
            'wire KiB': wire((w) => w.total),
            'JS KiB': wire((w) => w.script),
            'CSS KiB': wire((w) => w.stylesheet),
            'HTML KiB': wire((w) => w.document),
            'JSON KiB': wire((w) => w.data),
            files: first?.requests ?? 0,
            'compressed (of > 1 KiB)': first ? `${first.compressed}/${first.large}` : '',
          },
          target: { goal: `JS ≤ ${JS_BUDGET_KIB} KiB on the wire`, met: wire((w) => w.script) <= JS_BUDGET_KIB },
        },
        {
          name: `${label}: LCP, 9 Mbit/s, 100 ms RTT, 4× CPU, cold cache (ms)`,
          values: { ...stat(cold), 'FCP median': Math.round(median(throttled.map((r) => r.cold.fcp))), runs },
          target: { goal: `median ≤ ${LCP_COLD_MS} ms`, met: median(cold) <= LCP_COLD_MS },
        },
        {
          name: `${label}: LCP, loopback, 4× CPU, cold cache (ms)`,
          values: { ...stat(loopbackCold), 'FCP median': Math.round(median(loopback.map((r) => r.cold.fcp))), runs },
        },
        {
          name: `${label}: LCP, loopback, 4× CPU, warm (second visit, persisted cache) (ms)`,
          values: {
            ...stat(warm),
            'FCP median': Math.round(median(loopback.flatMap((r) => (r.warm ? [r.warm.fcp] : [])))),
            runs: warm.length,
          },
          target: { goal: `median ≤ ${LCP_WARM_MS} ms`, met: median(warm) <= LCP_WARM_MS },
        },
      );
    }
    ctx.log('keystroke to results');
    const keys = await measureKeystrokes(webUrl, ctx.log);
    rows.push({
      name: 'Home search: keystroke to updated results (ms)',
      values: {
        median: Math.round(median(keys)),
        min: Math.round(Math.min(...keys)),
        max: Math.round(Math.max(...keys)),
        p95: Math.round(percentile(keys, 95)),
        samples: keys.length,
      },
      target: {
        goal: `p95 ≤ ${KEYSTROKE_P95_MS} ms, ≥ ${MIN_KEYSTROKES} samples`,
        met: percentile(keys, 95) <= KEYSTROKE_P95_MS && keys.length >= MIN_KEYSTROKES,
      },
    });
    ctx.note(`${staticScripts.length} scripts on the static path.`);
    ctx.note(
      `Load average at the end of the run: ${os.loadavg()[0]?.toFixed(2) ?? '?'} (2 cores shared with other work).`,
    );
    return rows;
  },
};

export default web;
