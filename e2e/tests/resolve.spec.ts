import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/workflows');
const uiWorkflow = path.join(fixtures, 'facedetailer-ui.json');
const apiWorkflow = path.join(fixtures, 'surf-video-api.json');

const result = (page: Page) => page.getByRole('region', { name: 'What this workflow needs' });
// The plan's blocks: the link to share it, then the one command that installs everything.
const combined = (page: Page) => result(page).locator('pre').last();
// Every pack these workflows need is imported from the ComfyUI-Manager list, without a version:
// this registry cannot install them, so the plan clones their repositories.
const uiClones = [
  'git clone https://github.com/jags111/efficiency-nodes-comfyui',
  'git clone https://github.com/ltdrdata/ComfyUI-Impact-Subpack',
  'git clone https://github.com/ltdrdata/ComfyUI-Impact-Pack',
  'git clone https://github.com/Suzie1/ComfyUI_Comfyroll_CustomNodes',
];
const apiClones = [
  'git clone https://github.com/ltdrdata/ComfyUI-Impact-Subpack',
  'git clone https://github.com/ltdrdata/ComfyUI-Impact-Pack',
  'git clone https://github.com/Kosinkadink/ComfyUI-VideoHelperSuite',
];
/** The one command clones each repository, and nothing else comes from a registry client. */
async function expectClones(block: ReturnType<Page['locator']>, clones: string[]) {
  for (const clone of clones) await expect(block).toContainText(clone);
  await expect(block).not.toContainText('comfy node install');
}
const summary = (page: Page) => result(page).getByRole('status').filter({ hasText: 'Node types' });

test.describe('missing-nodes resolver', () => {
  test('an uploaded UI-format workflow lists its packs, core and unknown nodes, and one install command', async ({
    page,
    context,
    checkA11y,
    saveScreenshot,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    await page.getByRole('link', { name: 'Missing nodes in a workflow? Find the packs it needs' }).click();
    await expect(page).toHaveURL('/resolve');
    await expect(page.getByRole('heading', { level: 1, name: 'Find the packs a workflow needs' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles(uiWorkflow);

    await expect(summary(page)).toContainText('Node types: 14 · from packs: 4 · core: 6 · unknown: 1.');
    await expect(summary(page)).toContainText('(UI format)');
    await expectClones(combined(page), uiClones);
    // One plan: no second, per-class list of packs or commands above it.
    await expect(result(page).locator('pre')).toHaveCount(2);
    const packs = result(page)
      .getByRole('region', { name: 'Packs to install: 4' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading'),
      });
    await expect(packs.getByRole('heading')).toHaveText([
      'Efficiency Nodes for ComfyUI Version 2.0+',
      'ComfyUI Impact Subpack',
      'ComfyUI Impact Pack',
      'Comfyroll Studio',
    ]);
    const impact = packs.filter({ has: page.getByRole('heading', { name: 'ComfyUI Impact Pack' }) });
    await expect(impact.getByRole('link', { name: 'ComfyUI Impact Pack' })).toHaveAttribute(
      'href',
      '/nodes/comfyui-impact-pack',
    );
    const types = (pack: typeof impact) =>
      pack.getByRole('list', { name: /^Node types from this pack/ }).locator('code');
    await expect(types(impact)).toHaveText(['SAMLoader', 'FaceDetailer']);
    // Nodes inside a subgraph count; the subgraph's own node does not.
    const comfyroll = packs.filter({ has: page.getByRole('heading', { name: 'Comfyroll Studio' }) });
    await expect(types(comfyroll)).toHaveText(['CR LoRA Stack', 'CR Apply LoRA Stack']);
    await expect(result(page).getByRole('region', { name: 'Not found in the registry: 1' }).locator('code')).toHaveText(
      ['ZZZ Studio Secret Sharpen'],
    );
    const core = result(page).getByRole('region', { name: 'Built into ComfyUI: 6' });
    await expect(core.locator('code')).toHaveText([
      'CheckpointLoaderSimple',
      'CLIPTextEncode',
      'SaveImage',
      'Note',
      'Reroute',
      'LoraLoader',
    ]);
    await expect(core.getByText('×2')).toBeVisible();
    // Which list decided "built in", and that it names no ComfyUI version.
    await expect(result(page).getByTestId('core-list')).toContainText(
      "ComfyUI's class list in ComfyUI-Manager's node map (872 names",
    );

    // The imported packs have no version here, so there is no comfy-cli line, only their repositories.
    await expect(result(page).getByText(/comfy node install/)).toHaveCount(0);
    const copy = result(page).getByRole('button', { name: 'Copy the command that installs everything' });
    await copy.click();
    await expect(copy).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await combined(page).textContent());
    await saveScreenshot(page, 'resolve-ui');
    await checkA11y(page);

    await impact.getByRole('link', { name: 'FaceDetailer' }).click();
    await expect(page).toHaveURL('/comfy-nodes/FaceDetailer');
  });

  test('a pasted API-format workflow is planned in one request', async ({ page, registry }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      const planned = url.startsWith(`${registry.apiUrl}/install-plan`) || url.includes('/comfy-nodes/resolve');
      if (request.method() === 'POST' && planned) {
        requests.push(url.replace(registry.apiUrl, ''));
      }
    });
    await page.goto('/resolve');
    await page.getByLabel('Workflow JSON').fill(readFileSync(apiWorkflow, 'utf8'));
    await page.getByRole('button', { name: 'Find packs' }).click();
    await expect(summary(page)).toContainText('Node types: 9 · from packs: 3 · core: 5 · unknown: 0.');
    await expect(summary(page)).toContainText('(API format)');
    await expectClones(combined(page), apiClones);
    expect(requests).toEqual(['/install-plans']);
  });

  test('a workflow file dropped on the box is read', async ({ page }) => {
    await page.goto('/resolve');
    const content = readFileSync(apiWorkflow, 'utf8');
    const transfer = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'surf-video-api.json', { type: 'application/json' }));
      return data;
    }, content);
    const zone = page.getByRole('region', { name: 'Workflow drop area' });
    await zone.dispatchEvent('dragover', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await expectClones(combined(page), apiClones);
  });

  test('invalid JSON and JSON that is not a workflow get a clear message', async ({
    page,
    checkA11y,
    saveScreenshot,
  }) => {
    await page.goto('/resolve');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"nodes": [{"type": "KSampler"'),
    });
    await expect(page.getByRole('alert')).toContainText('This is not valid JSON');
    await expect(page.getByLabel('Workflow JSON')).toHaveAttribute('aria-invalid', 'true');
    await saveScreenshot(page, 'resolve-invalid');
    await checkA11y(page);

    await page.getByLabel('Workflow JSON').fill('{"name": "my-package", "version": "1.0.0"}');
    await page.getByRole('button', { name: 'Find packs' }).click();
    await expect(page.getByRole('alert')).toContainText('This is not a ComfyUI workflow');
    await expect(result(page)).toHaveCount(0);
  });

  test('reads well in the dark theme', async ({ page, checkA11y, saveScreenshot }) => {
    await page.addInitScript(() => localStorage.setItem('comfy-registry-theme', 'dark'));
    await page.goto('/resolve');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.locator('input[type="file"]').setInputFiles(uiWorkflow);
    await expectClones(combined(page), uiClones);
    await saveScreenshot(page, 'resolve-dark');
    await checkA11y(page);
  });

  test('fits 360 px and reads right to left in Arabic', async ({ page, checkA11y, saveScreenshot }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(() => localStorage.setItem('comfy-registry-language', 'ar'));
    await page.goto('/resolve');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('input[type="file"]').setInputFiles(uiWorkflow);
    await expectClones(page.getByRole('region', { name: 'ما يحتاجه سير العمل هذا' }).locator('pre').last(), uiClones);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'resolve-ar-360');
    await checkA11y(page);
  });
});
