import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { freePort } from '../processes.js';
import type { BenchContext, BenchRow, BenchSuite } from '../suite.js';

/** The first screen's JavaScript budget, gzipped. */
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

/** Loads the landing page in a fresh context (cold cache) with 4× CPU slowdown; LCP and JS fetched. */
async function measureLoad(url: string, dist: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const scripts = new Set<string>();
    let loaded = false;
    page.on('load', () => {
      loaded = true;
    });
    page.on('request', (request) => {
      if (!loaded && request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Run in the page; written as text because this package compiles without the DOM types.
    const timings = (await page.evaluate(`new Promise((resolve) => {
      let lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      setTimeout(() => resolve({ lcp, fcp }), 500);
    })`)) as { lcp: number; fcp: number };
    const jsBytes = [...scripts].reduce((sum, file) => sum + gzipped(path.join(dist, file)), 0);
    await context.close();
    return { ...timings, jsBytes, scripts: scripts.size };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The landing page as a visitor first sees it: how much JavaScript the first screen needs and
 * how fast its largest element paints on a slowed-down CPU with an empty cache.
 */
const web: BenchSuite = {
  name: 'web',
  title: 'Web app: first screen',
  description:
    'The built web app (`web/dist`) served by the registry\'s own web listener. "Static" sums the entry script ' +
    'and the modules `index.html` preloads; "loaded" sums every script the browser requested before the load ' +
    'event. Sizes are gzip level 9. LCP and FCP: headless Chromium, a fresh context per run (cold cache, cache ' +
    'disabled), CPU slowed 4× through the DevTools protocol, no network throttling (loopback), 1440×900, the ' +
    'landing page `/` signed out; median of the runs.',
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

    const webPort = await freePort();
    const webUrl = `http://127.0.0.1:${webPort}`;
    await ctx.startRegistry({
      dataDir: ctx.tempDir('web'),
      env: { WEB_PORT: String(webPort), PUBLIC_WEB_URL: webUrl },
    });
    const runs = ctx.options.quick ? 1 : 5;
    const results = [];
    for (let i = 0; i < runs; i++) {
      ctx.log(`page load ${i + 1}/${runs}`);
      results.push(await measureLoad(`${webUrl}/`, dist));
    }
    const loadedBytes = median(results.map((r) => r.jsBytes));
    const lcp = results.map((r) => r.lcp);
    ctx.note(`${staticScripts.length} scripts on the static path; ${results[0]?.scripts ?? 0} requested before load.`);
    const rows: BenchRow[] = [
      {
        name: 'First-screen JavaScript (static: entry + preloads)',
        values: { 'gzip KiB': kib(staticBytes), 'raw KiB': kib(rawBytes), files: staticScripts.length },
        target: { goal: `≤ ${JS_BUDGET_KIB} KiB gzip`, met: kib(staticBytes) <= JS_BUDGET_KIB },
      },
      {
        name: 'First-screen JavaScript (loaded before the load event)',
        values: { 'gzip KiB': kib(loadedBytes), 'raw KiB': '', files: results[0]?.scripts ?? 0 },
        target: { goal: `≤ ${JS_BUDGET_KIB} KiB gzip`, met: kib(loadedBytes) <= JS_BUDGET_KIB },
      },
      {
        name: 'Landing page LCP, 4× CPU, cold cache (ms)',
        values: {
          median: Math.round(median(lcp)),
          min: Math.round(Math.min(...lcp)),
          max: Math.round(Math.max(...lcp)),
          'FCP median': Math.round(median(results.map((r) => r.fcp))),
          runs,
        },
      },
    ];
    return rows;
  },
};

export default web;
