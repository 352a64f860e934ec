import type { BenchContext, BenchRow, BenchSuite } from '../suite.js';
import { CASES, type CaseNode } from './install-plan/cases.js';

/** Plans timed one after another for the 200-node workflow (p95 over these). */
const SAMPLES = 200;
const WORKFLOW_NODES = 200;
const TARGET_P95_MS = 50;

interface PlanPack {
  repository: string;
  classes: string[];
}
interface Plan {
  packs: PlanPack[];
  unknown: { type: string }[];
  core: string[];
}

const repoOf = (url: string) =>
  url
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?github\.com\//, '')
    .replace(/(\.git)?\/*$/, '');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A UI-format workflow as the front end saves it (with `cnr_id`/`ver`), or the API format. */
function workflowOf(nodes: CaseNode[], saved: boolean): unknown {
  if (!saved) {
    return Object.fromEntries(nodes.map((node, i) => [String(i + 1), { class_type: node.type, inputs: {} }]));
  }
  return {
    last_node_id: nodes.length,
    nodes: nodes.map((node, i) => ({
      id: i + 1,
      type: node.type,
      pos: [i * 50, 0],
      size: [300, 100],
      flags: {},
      order: i,
      mode: 0,
      properties: {
        ...(node.repo === null ? { cnr_id: 'comfy-core', ver: '0.3.64' } : { cnr_id: node.cnr, ver: '1.0.0' }),
        'Node name for S&R': node.type,
      },
      widgets_values: [],
    })),
    links: [],
    groups: [],
    config: {},
    extra: {},
    version: 0.4,
  };
}

async function plan(
  url: string,
  workflow: unknown,
): Promise<{ ms: number; serverMs: number; cpuMs: number; plan: Plan }> {
  const start = performance.now();
  const response = await fetch(`${url}/install-plan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ workflow }),
  });
  const text = await response.text();
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`POST /install-plan: ${response.status} ${text.slice(0, 300)}`);
  const header = response.headers.get('server-timing') ?? '';
  const timing = /plan;dur=([\d.]+)/.exec(header);
  const cpu = /cpu;dur=([\d.]+)/.exec(header);
  return {
    ms,
    serverMs: Number(timing?.[1] ?? Number.NaN),
    cpuMs: Number(cpu?.[1] ?? Number.NaN),
    plan: JSON.parse(text) as Plan,
  };
}

const suite: BenchSuite = {
  name: 'install-plan',
  title: 'Install plans of workflows',
  description:
    'The built server (SQLite) with the real ComfyUI-Manager catalogue imported (`registry import-manager-list`: ' +
    'its packs, class names, name patterns and the other ids packs are known by). Relevance: each case of ' +
    '`bench/src/suites/install-plan/cases.ts` (common kinds of shared workflows, real class names of real packs, ' +
    'half saved as the current front end saves them with `cnr_id`/`ver`, half class names only as the API format ' +
    'and older workflows carry them) is sent to `POST /install-plan`; each custom class counts as found right (the ' +
    'pack chosen for it is the one that really provides it), wrong (another pack) or missing (unknown), and each ' +
    "case's distinct packs likewise. Time: a 200-node workflow made of the cases' classes (about half with " +
    '`cnr_id`), planned one request at a time; server time is what the route reports in `Server-Timing` (reading ' +
    'the workflow and computing the plan), server CPU the process CPU time the route reports beside it (one request ' +
    'at a time, so it is the plan’s own; a busy machine stretches the server time, not the CPU time), request time ' +
    'the whole loopback request.',
  async run(ctx: BenchContext): Promise<BenchRow[]> {
    const dataDir = ctx.tempDir('install-plan');
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
    const registry = await ctx.startRegistry({ dataDir });

    const classes = { right: 0, wrong: 0, missing: 0 };
    const packs = { right: 0, wrong: 0, missing: 0 };
    const misses: string[] = [];
    for (const item of CASES) {
      const { plan: answer } = await plan(registry.url, workflowOf(item.nodes, item.saved));
      const chosen = new Map<string, string>();
      for (const pack of answer.packs) for (const type of pack.classes) chosen.set(type, repoOf(pack.repository));
      const expectedPacks = new Map<string, 'right' | 'wrong' | 'missing'>();
      for (const node of item.nodes) {
        if (node.repo === null) continue;
        const expected = node.repo.toLowerCase();
        const got = chosen.get(node.type);
        const verdict = got === undefined ? 'missing' : got === expected ? 'right' : 'wrong';
        classes[verdict] += 1;
        if (verdict !== 'right') misses.push(`${item.name}: ${node.type} → ${got ?? 'not found'}`);
        // A pack counts right when every class of it in the case went to it.
        const before = expectedPacks.get(expected);
        if (before === undefined || before === 'right') expectedPacks.set(expected, verdict);
      }
      for (const verdict of expectedPacks.values()) packs[verdict] += 1;
    }
    ctx.note(`Not right: ${misses.length === 0 ? 'none' : misses.join('; ')}.`);

    // The 200-node workflow: the cases' nodes in turn, every other case saved with pack ids.
    const nodes: CaseNode[] = [];
    for (let i = 0; nodes.length < WORKFLOW_NODES; i++) {
      const item = CASES[i % CASES.length];
      if (!item) break;
      for (const node of item.nodes) {
        if (nodes.length >= WORKFLOW_NODES) break;
        const { cnr: _cnr, ...plain } = node;
        nodes.push(i % 2 === 0 ? node : plain);
      }
    }
    const big = workflowOf(nodes, true);
    for (let i = 0; i < 10; i++) await plan(registry.url, big);
    const times: number[] = [];
    const serverTimes: number[] = [];
    const cpuTimes: number[] = [];
    const samples = ctx.options.quick ? 20 : SAMPLES;
    for (let i = 0; i < samples; i++) {
      const timed = await plan(registry.url, big);
      times.push(timed.ms);
      serverTimes.push(timed.serverMs);
      cpuTimes.push(timed.cpuMs);
    }
    const p95 = percentile(serverTimes, 95);
    const distinct = new Set(nodes.map((n) => n.type)).size;

    return [
      {
        name: `relevance: classes (${CASES.length} cases)`,
        values: {
          total: classes.right + classes.wrong + classes.missing,
          right: classes.right,
          wrong: classes.wrong,
          missing: classes.missing,
        },
      },
      {
        name: `relevance: packs (${CASES.length} cases)`,
        values: {
          total: packs.right + packs.wrong + packs.missing,
          right: packs.right,
          wrong: packs.wrong,
          missing: packs.missing,
        },
      },
      {
        name: `POST /install-plan, ${WORKFLOW_NODES} nodes (${distinct} classes), ${samples} plans`,
        values: {
          'server p50 ms': Math.round(percentile(serverTimes, 50) * 10) / 10,
          'server p95 ms': Math.round(p95 * 10) / 10,
          'server CPU p50 ms': Math.round(percentile(cpuTimes, 50) * 10) / 10,
          'server CPU p95 ms': Math.round(percentile(cpuTimes, 95) * 10) / 10,
          'request p50 ms': Math.round(percentile(times, 50) * 10) / 10,
          'request p95 ms': Math.round(percentile(times, 95) * 10) / 10,
        },
        target: { goal: `p95 ≤ ${TARGET_P95_MS} ms`, met: p95 <= TARGET_P95_MS },
      },
    ];
  },
};

export default suite;
