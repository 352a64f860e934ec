import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';

test.describe('Use this registry from ComfyUI', () => {
  test("the page shows this instance's API address and serves the connector with it", async ({
    page,
    registry,
    checkA11y,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Point them at this registry' }).click();
    await expect(page).toHaveURL('/use-from-comfyui');
    await expect(page).toHaveTitle('Use this registry from ComfyUI · ComfyUI Registry');
    await expect(page.getByRole('heading', { level: 1, name: 'Use this registry from ComfyUI' })).toBeVisible();
    await expect(page.getByTestId('api-address')).toHaveText(registry.apiUrl);
    await expect(page.getByText('--comfy-api-base')).toHaveCount(0);
    await expect(page.getByText('The connector below also carries a front-end extension')).toBeVisible();
    await expect(page.getByText(`COMFY_REGISTRY_URL=${registry.apiUrl}`)).toBeVisible();
    // The test instance runs over plain http, so the page warns about a ComfyUI opened over https.
    await expect(page.getByText('A browser that opens ComfyUI over https blocks calls to it')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Use from ComfyUI' })).toHaveAttribute(
      'href',
      '/use-from-comfyui',
    );

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download the connector (zip)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('comfy-registry-connector.zip');
    const zip = readFileSync(await download.path());
    // Entry names are plain in a zip, and the settings file is stored uncompressed: it names this API.
    const text = zip.toString('latin1');
    expect(text).toContain('comfy-registry-connector/__init__.py');
    expect(text).toContain('comfy-registry-connector/registry-url.txt');
    expect(text).toContain('comfy-registry-connector/web/registry-redirect.js');
    expect(text).toContain(`\n${registry.apiUrl}\n`);
    await checkA11y(page);
  });
});
