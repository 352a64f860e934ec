import { describe, expect, it } from 'vitest';
import { saveVersionRequirements } from '../../../src/modules/catalogue/version-requirements.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { seedComfyNode, seedPack } from '../../helpers/catalogue.js';
import {
  pipelineRequirementRows,
  pyprojectDependencies,
  type RealPack,
  realPack,
  realPacks,
} from '../../helpers/real-packs.js';
import { apiWorkflow, uiWorkflow } from '../../helpers/workflows.js';

/**
 * Publishes a corpus pack here as its publisher would: versions 1.0.0 and 1.1.0 with the real
 * `pyproject.toml` dependencies and the requirements the pipeline reads from the real archive,
 * the latest providing the classes the Manager lists for it.
 */
async function publishRealPack(
  t: TestApp,
  pack: RealPack,
  publisher: Awaited<ReturnType<TestApp['factories']['publisher']>>,
) {
  const dependencies = JSON.stringify(pyprojectDependencies(pack));
  const seeded = await seedPack(t, {
    id: pack.id,
    publisher,
    node: { name: pack.id, repository_url: `https://github.com/${pack.repo}` },
    versions: [
      { version: '1.0.0', dependencies },
      { version: '1.1.0', dependencies },
    ],
  });
  const rows = pipelineRequirementRows(pack);
  for (const version of seeded.versions) await saveVersionRequirements(t.ctx.db, version.id, rows);
  const latest = seeded.versions[1]?.id ?? null;
  for (const name of pack.manager_classes) await seedComfyNode(t, { node_id: pack.id, node_version_id: latest, name });
}

describe('install plans of real packs published here', () => {
  it('pins the version the workflow recorded when it is installable, else the latest, with a command per client', async () => {
    const t = await buildTestApp();
    const publisher = await t.factories.publisher({ id: 'corpus', name: 'Corpus' });
    const sam2 = realPack('comfyui-segment-anything-2');
    const inspire = realPack('comfyui-inspire-pack');
    const detail = realPack('comfyui-detail-daemon');
    for (const pack of [sam2, inspire, detail]) await publishRealPack(t, pack, publisher);

    const workflow = uiWorkflow([
      { type: sam2.manager_classes[0] as string, cnr_id: sam2.id, ver: '1.0.0' },
      { type: inspire.manager_classes[0] as string, cnr_id: inspire.id, ver: '9.9.9' },
      { type: detail.manager_classes[0] as string },
    ]);
    const res = await t.anon.post('/install-plan', { workflow });
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    // No Manager list imported here: only the front end's own node types are known as core.
    expect(plan.core_list).toEqual({ source: 'frontend-only', classes: 4, changed_at: null });
    expect(
      plan.packs.map(
        (p: {
          id: string;
          version: string;
          version_source: string;
          requested_version: string | null;
          reason: string;
        }) => [p.id, p.reason, p.requested_version, p.version, p.version_source],
      ),
    ).toEqual([
      [sam2.id, 'named-by-workflow', '1.0.0', '1.0.0', 'workflow'],
      [inspire.id, 'named-by-workflow', '9.9.9', '1.1.0', 'latest'],
      [detail.id, 'only-provider', null, '1.1.0', 'latest'],
    ]);
    expect(plan.packs[0].commands).toEqual({
      comfy_cli: `comfy node install ${sam2.id}@1.0.0`,
      manager: `cm-cli install ${sam2.id}@1.0.0`,
      git: null,
    });
    expect(plan.commands).toEqual({
      comfy_cli: `comfy node install ${sam2.id}@1.0.0 ${inspire.id}@1.1.0 ${detail.id}@1.1.0`,
      manager: `cm-cli install ${sam2.id}@1.0.0 ${inspire.id}@1.1.0 ${detail.id}@1.1.0`,
      git: [],
      all: `comfy node install ${sam2.id}@1.0.0 ${inspire.id}@1.1.0 ${detail.id}@1.1.0`,
    });
    // The real requirements merged (requirements.txt and pyproject.toml, each said once): SAM2's
    // numpy<=1.26.4 meets the ComfyUI release's numpy>=1.25.0.
    const release = await t.anon.post('/install-plan', { workflow, comfyui_release: 'comfyui-4f8cf3e' });
    const numpy = release.json().environment.requirements.find((r: { name: string }) => r.name === 'numpy');
    expect(numpy).toEqual({
      name: 'numpy',
      status: 'ok',
      wanted_by: [
        { kind: 'pack', id: sam2.id, version: '1.0.0', requirement: 'numpy<=1.26.4' },
        { kind: 'pack', id: inspire.id, version: '1.1.0', requirement: 'numpy' },
        { kind: 'comfyui', id: 'comfyui-4f8cf3e', version: null, requirement: 'numpy>=1.25.0' },
      ],
      note: null,
    });
    expect(release.json().environment.comfyui_release).toEqual({
      id: 'comfyui-4f8cf3e',
      label: expect.any(String),
      source: expect.stringContaining('/requirements.txt'),
    });
  });

  it("names a conflict between a plan's pack and an installed pack, and none among the corpus's real requirements", async () => {
    const t = await buildTestApp();
    const publisher = await t.factories.publisher({ id: 'corpus', name: 'Corpus' });
    const sam2 = realPack('comfyui-segment-anything-2');
    await publishRealPack(t, sam2, publisher);
    // A pack already installed that has moved to NumPy 2 (made up: no corpus pack requires it yet).
    await seedPack(t, {
      id: 'numpy-two-pack',
      publisher,
      versions: [{ version: '2.0.0', dependencies: '["numpy>=2.0"]' }],
    });

    const res = await t.anon.post('/install-plan', {
      workflow: apiWorkflow([{ type: sam2.manager_classes[0] as string }]),
      installed: ['numpy-two-pack', 'not-here'],
    });
    expect(res.statusCode).toBe(200);
    const env = res.json().environment;
    expect(env.conflicts).toEqual([
      {
        name: 'numpy',
        between: [
          { kind: 'pack', id: sam2.id, version: '1.1.0', requirement: 'numpy<=1.26.4' },
          { kind: 'pack', id: 'numpy-two-pack', version: '2.0.0', requirement: 'numpy>=2.0' },
        ],
        reason: 'no version of numpy satisfies numpy<=1.26.4 and numpy>=2.0',
      },
    ]);
    expect(env.unchecked).toContain('installed not-here: not a pack here');

    // Every corpus pack with its real dependencies, against every ComfyUI release kept: no false conflicts.
    for (const pack of realPacks()) if (pack.id !== sam2.id) await publishRealPack(t, pack, publisher);
    const all = realPacks().flatMap((p) =>
      p.manager_classes[0] ? [{ type: p.manager_classes[0], cnr_id: p.id }] : [],
    );
    for (const release of ['comfyui-4f8cf3e', 'comfyui-002f2be', 'comfyui-3b5e042']) {
      const merged = await t.anon.post('/install-plan', { nodes: all, comfyui_release: release });
      expect(merged.statusCode).toBe(200);
      expect(merged.json().environment.conflicts).toEqual([]);
      expect(merged.json().packs.length).toBeGreaterThan(40);
    }
  });
});
