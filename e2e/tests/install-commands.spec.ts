import { expect, test } from '../support/fixtures';
import { publishOwnPack } from '../support/web-a';

// Install commands offer comfy-cli only where this registry can install the pack (it has a
// version), git clone otherwise, and every comfy-cli command names this registry and how to
// point comfy-cli at it.

const IMPACT = 'comfyui-impact-pack';
const IMPACT_CLONE = 'git clone https://github.com/ltdrdata/ComfyUI-Impact-Pack';

test.describe('install commands that work', () => {
  test('a pack with a version offers comfy-cli for this registry; an imported one only its repository', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(240_000);
    const { nodeId } = await publishOwnPack(page, registry, 'weba-inst');

    // What the server can install is what the page offers.
    expect((await page.request.get(`${registry.apiUrl}/nodes/${nodeId}/install`)).status()).toBe(200);
    expect((await page.request.get(`${registry.apiUrl}/nodes/${IMPACT}/install`)).status()).toBe(404);

    await page.goto(`/nodes/${nodeId}`);
    const install = page.getByRole('region', { name: 'Install' });
    await expect(install.locator('pre')).toHaveText([
      `comfy node install ${nodeId}`,
      `comfy node install ${nodeId}@1.0.0`,
    ]);
    const note = install.getByTestId('registry-note');
    await expect(note).toContainText(`this registry (${registry.apiUrl})`);
    await expect(note.getByRole('link', { name: 'How to point comfy-cli at this registry' })).toHaveAttribute(
      'href',
      '/use-from-comfyui',
    );
    await checkA11y(page);
    await saveThemedScreenshots(page, 'weba-install-published', `/nodes/${nodeId}`, async (shot) => {
      await expect(shot.getByTestId('registry-note')).toBeVisible();
    });

    await page.goto(`/nodes/${IMPACT}`);
    const imported = page.getByRole('region', { name: 'Install' });
    await expect(imported.locator('pre')).toHaveText([IMPACT_CLONE]);
    await expect(page.getByText(/comfy node install/)).toHaveCount(0);
    await expect(imported.getByTestId('registry-note')).toHaveCount(0);
    await saveThemedScreenshots(page, 'weba-install-imported', `/nodes/${IMPACT}`, async (shot) => {
      await expect(shot.getByText(IMPACT_CLONE)).toBeVisible();
    });
  });

  test('the node-class page and the search cards follow the same rule', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(240_000);
    const { nodeId, className } = await publishOwnPack(page, registry, 'weba-cls');

    await page.goto(`/comfy-nodes/${className}`);
    const provider = page.getByRole('region', { name: 'Provided by' });
    await expect(provider.locator('pre')).toHaveText([`comfy node install ${nodeId}`]);
    await expect(provider.getByTestId('registry-note')).toContainText(registry.apiUrl);
    await checkA11y(page);

    await page.goto('/comfy-nodes/FaceDetailer');
    const importedProvider = page.getByRole('region', { name: 'Provided by' });
    await expect(importedProvider.locator('pre')).toHaveText([IMPACT_CLONE]);
    await expect(importedProvider.getByTestId('registry-note')).toHaveCount(0);
    await saveThemedScreenshots(page, 'weba-comfy-node-imported', '/comfy-nodes/FaceDetailer', async (shot) => {
      await expect(shot.getByText(IMPACT_CLONE)).toBeVisible();
    });

    await page.goto(`/?q=${nodeId}`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${nodeId} display` }) });
    await expect(card.getByTestId('card-install').locator('code')).toHaveText(`comfy node install ${nodeId}`);
    await page.goto('/?q=impact%20pack');
    const impactCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'ComfyUI Impact Pack', exact: true }) });
    await expect(impactCard.getByTestId('card-install').locator('code')).toHaveText(IMPACT_CLONE);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'weba-search-cards', '/?q=impact%20pack', async (shot) => {
      await expect(shot.getByTestId('card-install').first()).toBeVisible();
    });
  });

  test('the resolver puts only installable packs on the comfy-cli line and clones the others', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(240_000);
    const { nodeId, className } = await publishOwnPack(page, registry, 'weba-res');
    const workflow = JSON.stringify({
      '1': { class_type: className, inputs: {} },
      '2': { class_type: 'FaceDetailer', inputs: {} },
    });
    const resolve = async (target: typeof page) => {
      await target
        .locator('input[type="file"]')
        .setInputFiles({ name: 'mixed.json', mimeType: 'application/json', buffer: Buffer.from(workflow) });
      // One plan: its share link and its one combined command. Counted without names: the
      // screenshots run in other languages too.
      await expect(target.locator('pre')).toHaveCount(2);
    };

    await page.goto('/resolve');
    await resolve(page);
    // The plan pins the registry's version, clones the others into custom_nodes, offers the pack
    // without a version to no registry client, and says how to point comfy-cli at this registry.
    const pinned = `comfy node install ${nodeId}@1.0.0`;
    const pinnedClone = `${IMPACT_CLONE} custom_nodes/ComfyUI-Impact-Pack`;
    const plan = page.getByRole('region', { name: 'What this workflow needs' });
    await expect(plan.locator('pre')).toHaveText([/\/resolve\?plan=[\w-]+$/, `${pinned} && ${pinnedClone}`]);
    await expect(plan.getByTestId('registry-note')).toContainText(registry.apiUrl);
    const own = plan.getByRole('listitem', { name: `${nodeId} display`, exact: true });
    await expect(own.getByRole('definition')).toHaveText([pinned, `cm-cli install ${nodeId}@1.0.0`]);
    const impact = plan.getByRole('listitem', { name: 'ComfyUI Impact Pack', exact: true });
    await expect(impact.getByRole('term')).toHaveText(['git']);
    await expect(impact.getByRole('definition')).toHaveText([pinnedClone]);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'weba-resolve-mixed', '/resolve', resolve);
  });
});
