import type { Page } from '@playwright/test';
import { comfyPng } from '../../web/src/features/resolver/lib/test-images';
import { expect, test } from '../support/fixtures';
import {
  createAccessToken,
  createPublisher,
  packFiles,
  publishWithToken,
  signUpUser,
  uniqueSuffix,
  zipArchive,
} from '../support/publishing';
import type { E2EState } from '../support/state';

/** Publishes a pack whose one class is `className` and whose requirements.txt says `requirement`. */
async function publishPack(
  page: Page,
  registry: E2EState,
  owner: { publisherId: string; accessToken: string },
  nodeId: string,
  className: string,
  requirement: string,
) {
  const pack = { publisherId: owner.publisherId, nodeId, version: '1.0.0' };
  const files = packFiles({ ...pack, extra: { 'requirements.txt': `${requirement}\n` } });
  files['__init__.py'] = (files['__init__.py'] ?? '').replaceAll('HelloNode', className);
  const { status } = await publishWithToken(page.request, registry, {
    ...pack,
    accessToken: owner.accessToken,
    zip: zipArchive(files),
  });
  expect(status).toBe('NodeVersionStatusActive');
}

/** A UI-format node as ComfyUI saves it, with the pack properties the front end records. */
const node = (id: number, type: string, properties: Record<string, string> = {}) => ({
  id,
  type,
  pos: [100 * id, 100],
  size: [315, 98],
  flags: {},
  order: id,
  mode: 0,
  inputs: [],
  outputs: [],
  properties: { ...properties, 'Node name for S&R': type },
  widgets_values: [],
});

test.describe('install plan from a ComfyUI image', () => {
  test('dropping a PNG gives the packs with versions, alternatives, conflicts and a shareable URL', async ({
    page,
    context,
    registry,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(300_000);
    const suffix = uniqueSuffix();
    const user = await signUpUser(page.request, registry, 'planowner');
    const publisherId = `plan-${suffix}`;
    await createPublisher(page.request, registry, user, publisherId);
    const accessToken = await createAccessToken(page.request, registry, user, publisherId);
    const old = { id: `plan-old-numpy-${suffix}`, cls: `OldNumpy${suffix}` };
    const fresh = { id: `plan-new-numpy-${suffix}`, cls: `NewNumpy${suffix}` };
    await publishPack(page, registry, { publisherId, accessToken }, old.id, old.cls, 'numpy<=1.26.4');
    await publishPack(page, registry, { publisherId, accessToken }, fresh.id, fresh.cls, 'numpy>=2.0');

    const workflow = {
      id: 'e2e-plan',
      revision: 0,
      last_node_id: 6,
      last_link_id: 0,
      nodes: [
        node(1, 'KSampler', { cnr_id: 'comfy-core', ver: '0.3.64' }),
        node(2, old.cls, { cnr_id: old.id, ver: '1.0.0' }),
        node(3, fresh.cls),
        node(4, 'Seed (rgthree)', { cnr_id: 'rgthree-comfy', ver: '1.0.0' }),
        node(5, 'IPAdapterAdvanced'),
      ],
      links: [],
      groups: [],
      config: {},
      extra: { frontendVersion: '1.28.6' },
      version: 0.4,
    };
    const prompt = { '1': { class_type: 'KSampler', inputs: {} } };
    const png = comfyPng(workflow, prompt);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/resolve');
    const dataTransfer = await page.evaluateHandle(
      (bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'ComfyUI_00001_.png', { type: 'image/png' }));
        return transfer;
      },
      [...png],
    );
    await page.getByRole('region', { name: 'Workflow drop area' }).dispatchEvent('drop', { dataTransfer });

    const plan = page.getByRole('region', { name: 'What this workflow needs' });
    const packs = plan.getByRole('region', { name: 'Packs to install: 4' });
    await expect(packs).toBeVisible();
    const item = (name: string) => packs.getByRole('listitem', { name });

    const oldItem = item(`${old.id} display`);
    await expect(oldItem).toContainText(`Chosen because the workflow names it (${old.id}).`);
    await expect(oldItem).toContainText('Version 1.0.0, as in the workflow.');
    await expect(oldItem).toContainText(`comfy node install ${old.id}@1.0.0`);
    await expect(oldItem).toContainText(`cm-cli install ${old.id}@1.0.0`);
    await expect(item(`${fresh.id} display`)).toContainText('Chosen because it is the only pack with these nodes.');

    // The id the workflow recorded is the public registry's; the pack here is the Manager's `rgthree`.
    const rgthree = item("rgthree's ComfyUI Nodes");
    await expect(rgthree).toContainText('Chosen because the workflow names it (rgthree-comfy).');
    await expect(rgthree).toContainText('No version here: install it with git.');
    await expect(rgthree).toContainText(
      'git clone https://github.com/rgthree/rgthree-comfy custom_nodes/rgthree-comfy',
    );
    await expect(rgthree.getByText('Alternatives:')).toBeVisible();

    const ipadapter = item('ComfyUI_IPAdapter_plus');
    await expect(ipadapter).toContainText('Chosen as the most used of the packs with these nodes.');
    await expect(ipadapter.getByText('Alternatives:')).toBeVisible();

    const conflicts = plan.getByRole('list', { name: '1 conflict between requirements' });
    await expect(conflicts).toHaveText(`numpy: ${old.id}: numpy<=1.26.4 ≠ ${fresh.id}: numpy>=2.0`);

    await expect(plan.locator('pre').filter({ hasText: 'comfy node install' })).toContainText(
      `comfy node install ${old.id}@1.0.0 ${fresh.id}@1.0.0`,
    );
    await expect(page).toHaveURL(/\/resolve\?plan=[A-Za-z0-9_-]{16}$/);
    const shareUrl = page.url();
    await expect(plan.getByText(shareUrl)).toBeVisible();
    await checkA11y(page);
    await saveScreenshot(page, 'install-plan-dropped-png');

    // The shared URL shows the same plan to someone else.
    const other = await context.newPage();
    await other.goto(shareUrl);
    const sharedPlan = other.getByRole('region', { name: 'What this workflow needs' });
    await expect(sharedPlan.getByRole('region', { name: 'Packs to install: 4' })).toBeVisible();
    await expect(sharedPlan.getByRole('list', { name: '1 conflict between requirements' })).toBeVisible();

    // The API gives the same plan for the same workflow.
    const id = new URL(shareUrl).searchParams.get('plan');
    const viaApi = await page.request.post(`${registry.apiUrl}/install-plan`, { data: { workflow } });
    const viaShare = await page.request.get(`${registry.apiUrl}/install-plans/${id}`);
    expect(await viaApi.json()).toEqual(await viaShare.json());

    // The ids people know open the pack's page.
    await page.goto('/nodes/comfyui-videohelpersuite');
    await expect(page).toHaveURL(/\/nodes\/vhs$/);
  });
});
