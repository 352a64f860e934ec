import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createAccessToken, createPublisher, publishWithToken, signUpUser, uniqueSuffix } from '../support/publishing';
import type { E2EState } from '../support/state';

/**
 * A pack published as comfy-cli does, whose license arrives as `{"text": "MIT"}`: every screen
 * shows and edits the SPDX id or file name, never that JSON.
 */
async function packWithJsonLicense(page: Page, registry: E2EState) {
  const suffix = uniqueSuffix();
  const publisherId = `lic-${suffix}`;
  const nodeId = `e2e-license-${suffix}`;
  const user = await signUpUser(page.request, registry, 'licenseowner');
  await createPublisher(page.request, registry, user, publisherId);
  const accessToken = await createAccessToken(page.request, registry, user, publisherId);
  await publishWithToken(page.request, registry, { publisherId, nodeId, version: '1.0.0', accessToken });
  return { publisherId, nodeId };
}

/** The license row of the pack page's details list. */
const licenseOnPackPage = (page: Page) =>
  page.locator('dt', { hasText: /^License$/ }).locator('xpath=following-sibling::dd');

test.describe('licenses read as an SPDX id or a file name', () => {
  test('the owner edits the SPDX id, not the JSON comfy-cli sent', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const { nodeId } = await packWithJsonLicense(page, registry);

    await page.goto(`/nodes/${nodeId}`);
    await expect(licenseOnPackPage(page)).toHaveText('MIT');

    await page.goto(`/nodes/${nodeId}/manage`);
    const details = page.getByRole('region', { name: 'Pack details' });
    const field = details.getByLabel('License', { exact: true });
    await expect(field).toHaveValue('MIT');
    await checkA11y(page);
    await saveThemedScreenshots(page, 'web-c-license-manage', `/nodes/${nodeId}/manage`, async (shot) => {
      await expect(shot.getByRole('heading', { level: 1 })).toBeVisible();
    });

    // Saving another field leaves the license as published; a new value is stored and shown.
    await details.getByLabel('Description').fill('Saved without touching the license.');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Pack details saved.')).toBeVisible();
    const stored = await page.request.get(`${registry.apiUrl}/nodes/${nodeId}`);
    expect(((await stored.json()) as { license: string }).license).toBe('{"text": "MIT"}');

    await field.fill('Apache-2.0');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Pack details saved.').first()).toBeVisible();
    await page.goto(`/nodes/${nodeId}`);
    await expect(licenseOnPackPage(page)).toHaveText('Apache-2.0');
  });

  test('the admin pack editor shows and saves a license file name', async ({
    page,
    registry,
    signInAs,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const { nodeId } = await packWithJsonLicense(page, registry);
    await page.context().clearCookies();
    await signInAs(page, registry.users.admin);

    await page.goto(`/admin/nodes/${nodeId}`);
    const field = page.getByLabel('License');
    await expect(field).toHaveValue('MIT', { timeout: 15_000 });
    await checkA11y(page);
    await saveThemedScreenshots(page, 'web-c-license-admin', `/admin/nodes/${nodeId}`, async (shot) => {
      await expect(shot.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    });

    await field.fill('LICENSE.txt');
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await expect(page.getByText('Pack saved.')).toBeVisible();
    await page.goto(`/nodes/${nodeId}`);
    await expect(licenseOnPackPage(page)).toHaveText('LICENSE.txt');
    const stored = await page.request.get(`${registry.apiUrl}/nodes/${nodeId}`);
    expect(((await stored.json()) as { license: string }).license).toBe('{"file":"LICENSE.txt"}');
  });
});
