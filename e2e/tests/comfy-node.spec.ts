import { expect, test } from '../support/fixtures';

const noSidewaysScroll = async (page: import('@playwright/test').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test.describe('node class lookup', () => {
  test('names the pack providing a class, with install commands that copy', async ({
    page,
    context,
    checkA11y,
    saveScreenshot,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/comfy-nodes/FaceDetailer');
    await expect(page.getByRole('heading', { level: 1, name: 'FaceDetailer' })).toBeVisible();
    await expect(page).toHaveTitle('FaceDetailer · Node class · ComfyUI Registry');
    const provider = page.getByRole('region', { name: 'Provided by' });
    await expect(provider.getByRole('link', { name: 'ComfyUI Impact Pack' })).toHaveAttribute(
      'href',
      '/nodes/comfyui-impact-pack',
    );
    await expect(provider.getByText('Unclaimed')).toBeVisible();
    // Imported without a version: this registry cannot install it, so only its repository is offered.
    const clone = 'git clone https://github.com/ltdrdata/ComfyUI-Impact-Pack';
    await expect(provider.locator('pre')).toHaveText([clone]);
    await provider.getByRole('button', { name: `Copy command: ${clone}` }).click();
    await expect(provider.getByRole('button', { name: `Copy command: ${clone}` })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clone);
    await expect(page.getByText(/No definition yet/)).toBeVisible();
    await saveScreenshot(page, 'comfy-node');
    await checkA11y(page);
  });

  test('is reachable from a search result and lists the other packs with the class', async ({ page }) => {
    await page.goto('/?q=KSampler%20(Efficient)');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Efficiency Nodes for ComfyUI Version 2.0+' }) });
    await card.getByRole('link', { name: 'KSampler (Efficient)', exact: true }).click();
    await expect(page).toHaveURL('/comfy-nodes/KSampler%20(Efficient)');
    await expect(page.getByRole('heading', { level: 1, name: 'KSampler (Efficient)' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Provided by' }).getByRole('link', { name: /Efficiency Nodes/ }),
    ).toHaveAttribute('href', '/nodes/eff-nodes');
    const others = page.getByRole('region', { name: 'Also provided by' });
    await expect(others.getByRole('link')).not.toHaveCount(0);
    await expect(others.getByRole('link', { name: 'eff-nodes' })).toHaveCount(0);
  });

  test('says when a class ships with ComfyUI or nobody provides it', async ({ page, checkA11y }) => {
    await page.goto('/comfy-nodes/KSampler');
    await expect(page.getByText('This node ships with ComfyUI itself: there is nothing to install.')).toBeVisible();
    await page.goto('/comfy-nodes/ZZZ%20Nobody%20Made%20This');
    await expect(page.getByText('No pack in the registry provides this node class.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Search for similar names' })).toHaveAttribute(
      'href',
      '/?q=ZZZ%20Nobody%20Made%20This',
    );
    await checkA11y(page);
  });

  test('shows the definition of the latest version: category, inputs, outputs and marks', async ({
    page,
    registry,
    saveScreenshot,
  }) => {
    // No pack of the imported catalogue has a published version, so the two reads are answered
    // here with what a published pack's would be.
    const pack = {
      id: 'example-pack',
      name: 'Example Pack',
      publisher: { id: 'example', name: 'Example Studio' },
      latest_version: '1.4.0',
      repository: 'https://github.com/example/example-pack',
      install_command: 'comfy node install example-pack',
      install_commands: [
        { kind: 'latest', command: 'comfy node install example-pack' },
        { kind: 'version', command: 'comfy node install example-pack@1.4.0' },
      ],
    };
    await page.route(`${registry.apiUrl}/comfy-nodes/resolve`, (route) =>
      route.fulfill({ json: { results: [{ name: 'Example Blur', status: 'pack', pack }] } }),
    );
    await page.route(`${registry.apiUrl}/comfy-nodes?*`, (route) =>
      route.fulfill({
        json: {
          total: 1,
          comfy_nodes: [
            {
              comfy_node_name: 'Example Blur',
              comfy_node_id: 'Example Blur',
              display_name: 'Blur (Example)',
              category: 'image/filters',
              description: 'Blurs an image.',
              input_types: JSON.stringify({
                required: { image: ['IMAGE'], radius: ['INT', { default: 4 }], mode: [['gaussian', 'box']] },
                optional: { mask: ['MASK'] },
              }),
              return_types: '["IMAGE"]',
              return_names: '["blurred"]',
              output_is_list: [false],
              function: 'blur',
              output_node: false,
              deprecated: true,
              experimental: false,
              policy: '',
              node_id: 'example-pack',
              node_version: '1.4.0',
            },
          ],
        },
      }),
    );
    await page.goto('/comfy-nodes/Example%20Blur');
    const definition = page.getByRole('region', { name: 'Definition' });
    await expect(definition.getByText('Deprecated')).toBeVisible();
    await expect(definition.getByText('image/filters')).toBeVisible();
    const inputs = definition.getByRole('table', { name: 'Inputs' });
    await expect(inputs.getByRole('row')).toHaveCount(5);
    await expect(inputs.getByRole('row', { name: /radius INT Yes/ })).toBeVisible();
    await expect(inputs.getByRole('row', { name: /mode COMBO Yes/ })).toBeVisible();
    await expect(inputs.getByRole('row', { name: /mask MASK No/ })).toBeVisible();
    await expect(
      definition.getByRole('table', { name: 'Outputs' }).getByRole('row', { name: /blurred IMAGE/ }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Example Studio' })).toHaveAttribute('href', '/publishers/example');
    await saveScreenshot(page, 'comfy-node-definition');
  });

  test('reads well in the dark theme', async ({ page, checkA11y, saveScreenshot }) => {
    await page.addInitScript(() => localStorage.setItem('comfy-registry-theme', 'dark'));
    await page.goto('/comfy-nodes/FaceDetailer');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByText('git clone https://github.com/ltdrdata/ComfyUI-Impact-Pack')).toBeVisible();
    await saveScreenshot(page, 'comfy-node-dark');
    await checkA11y(page);
  });

  test('fits 360 px and reads right to left in Arabic', async ({ page, checkA11y, saveScreenshot }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(() => localStorage.setItem('comfy-registry-language', 'ar'));
    await page.goto('/comfy-nodes/KSampler%20(Efficient)');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 2, name: 'توفّرها الحزمة' })).toBeVisible();
    await expect(page.getByText('git clone https://github.com/jags111/efficiency-nodes-comfyui')).toBeVisible();
    await noSidewaysScroll(page);
    await saveScreenshot(page, 'comfy-node-ar-360');
    await checkA11y(page);
  });
});
