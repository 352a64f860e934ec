import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  createAccessToken,
  createPublisher,
  FLAGGED_SOURCE,
  packArchive,
  publishWithToken,
  signUpUser,
  uniqueSuffix,
} from '../support/publishing';
import type { E2EState } from '../support/state';

/** A new publisher with one pack at 1.0.0, published with an access token through the real protocol. */
async function publishedPack(page: Page, registry: E2EState) {
  const suffix = uniqueSuffix();
  const publisherId = `pm-${suffix}`;
  const nodeId = `e2e-pack-${suffix}`;
  const user = await signUpUser(page.request, registry, 'packowner');
  await createPublisher(page.request, registry, user, publisherId);
  const accessToken = await createAccessToken(page.request, registry, user, publisherId);
  const { status } = await publishWithToken(page.request, registry, {
    publisherId,
    nodeId,
    version: '1.0.0',
    accessToken,
  });
  expect(status).toBe('NodeVersionStatusActive');
  return { user, publisherId, nodeId };
}

/** Picks a zip with the file picker of the upload panel and sends it. */
async function uploadFromBrowser(page: Page, name: string, zip: Buffer) {
  await page.getByLabel('Choose a zip file').setInputFiles({ name, mimeType: 'application/zip', buffer: zip });
  await expect(page.getByText(name)).toBeVisible();
  await page.getByRole('button', { name: 'Upload and publish' }).click();
}

test.describe('pack management', () => {
  test('deprecate, upload from the browser, delete a version, edit, delete the pack', async ({
    page,
    registry,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(240_000);
    const { publisherId, nodeId } = await publishedPack(page, registry);

    await page.goto(`/nodes/${nodeId}/manage`);
    await expect(page.getByRole('heading', { level: 1, name: `Manage ${nodeId} display` })).toBeVisible();
    const versions = page.getByRole('region', { name: 'Versions' });
    const v100 = versions.getByTestId('version-1.0.0');
    await expect(v100.getByText('Live')).toBeVisible();
    await saveScreenshot(page, 'pack-manage-light');
    await checkA11y(page);

    // Deprecate 1.0.0: the row and the public pack page say so.
    await page.getByRole('button', { name: 'Deprecate version 1.0.0' }).click();
    await expect(page.getByText('Version 1.0.0 is now deprecated.')).toBeVisible();
    await expect(v100.getByText('Deprecated', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Un-deprecate version 1.0.0' })).toBeVisible();
    await page.getByRole('link', { name: 'View pack page' }).click();
    await expect(page).toHaveURL(new RegExp(`/nodes/${nodeId}$`));
    await expect(page.getByText('Deprecated').first()).toBeVisible();
    await page.goto(`/nodes/${nodeId}/manage`);

    // Upload 1.1.0 with the file picker and watch it become Live.
    await uploadFromBrowser(page, `${nodeId}-1.1.0.zip`, packArchive({ nodeId, version: '1.1.0', publisherId }));
    await expect(page.getByTestId('processing-steps')).toBeVisible();
    await expect(page.getByTestId('upload-result')).toHaveText('Version 1.1.0 is live.', { timeout: 30_000 });
    await expect(versions.getByTestId('version-1.1.0').getByText('Live')).toBeVisible();
    await saveScreenshot(page, 'pack-manage-uploaded');

    // Delete 1.0.0 after confirming.
    await page.getByRole('button', { name: 'Delete version 1.0.0' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete version 1.0.0?' });
    await expect(dialog).toBeVisible();
    await saveScreenshot(page, 'pack-manage-delete-version');
    await dialog.getByRole('button', { name: 'Delete version' }).click();
    await expect(page.getByText('Version 1.0.0 was deleted.')).toBeVisible();
    await expect(versions.getByTestId('version-1.0.0')).toHaveCount(0);
    // Focus stays in the versions list rather than falling to the page's start.
    await expect(versions.getByRole('list', { name: 'Versions' })).toBeFocused();

    // Edit the description; the pack page shows it.
    const details = page.getByRole('region', { name: 'Pack details' });
    await details.getByLabel('Description').fill('Edited in the browser by its owner.');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Pack details saved.')).toBeVisible();
    await page.goto(`/nodes/${nodeId}`);
    await expect(page.getByText('Edited in the browser by its owner.')).toBeVisible();

    // Dark theme screenshot of the manage page.
    await page.evaluate(() => localStorage.setItem('comfy-registry-theme', 'dark'));
    await page.goto(`/nodes/${nodeId}/manage`);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await saveScreenshot(page, 'pack-manage-dark');
    await checkA11y(page);

    // Delete the pack: the wrong text keeps the button disabled.
    const danger = page.getByRole('region', { name: 'Delete this pack' });
    const confirm = danger.getByLabel(`Type ${publisherId}/${nodeId} to confirm`);
    const button = danger.getByRole('button', { name: 'Delete pack' });
    await confirm.fill(`${publisherId}/${nodeId}-typo`);
    await expect(button).toBeDisabled();
    await confirm.fill(`${publisherId}/${nodeId}`);
    await expect(button).toBeEnabled();
    await button.click();
    await expect(page.getByText(`Pack ${nodeId} was deleted.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/publishers/${publisherId}$`));
    await page.goto(`/nodes/${nodeId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pack not found');
  });

  test('a flagged upload lists its findings by file', async ({ page, registry, saveScreenshot, checkA11y }) => {
    test.setTimeout(180_000);
    const { publisherId, nodeId } = await publishedPack(page, registry);
    await page.goto(`/nodes/${nodeId}/manage`);
    const zip = packArchive({ nodeId, version: '1.2.0', publisherId, extra: { 'evil.py': FLAGGED_SOURCE } });
    await uploadFromBrowser(page, 'flagged.zip', zip);
    await expect(page.getByTestId('upload-result')).toHaveText('Version 1.2.0 was flagged by the security scan.', {
      timeout: 30_000,
    });
    const findings = page.getByTestId('findings').first();
    await expect(findings.getByRole('heading', { name: 'evil.py' })).toBeVisible();
    await expect(findings.getByText('High').first()).toBeVisible();
    await expect(findings.getByText('Line 2').first()).toBeVisible();
    await saveScreenshot(page, 'pack-manage-flagged');
    // Axe judges the page, not the transient toasts.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await checkA11y(page);
  });

  test('publishes a brand-new pack from the publisher by drag and drop', async ({
    page,
    registry,
    saveScreenshot,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const suffix = uniqueSuffix();
    const publisherId = `pn-${suffix}`;
    const nodeId = `e2e-new-${suffix}`;
    const user = await signUpUser(page.request, registry, 'newpack');
    await createPublisher(page.request, registry, user, publisherId);
    await page.goto(`/publishers/${publisherId}/publish`);
    await expect(page.getByRole('heading', { level: 1, name: 'Publish a pack' })).toBeVisible();
    // Drag and drop this time: a zip dropped on the drop area is picked like a chosen file, and the
    // pack id is read from its pyproject.toml in the browser instead of typed.
    const zip = packArchive({ nodeId, version: '0.1.0', publisherId });
    const dataTransfer = await page.evaluateHandle(
      (bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'new.zip', { type: 'application/zip' }));
        return transfer;
      },
      [...zip],
    );
    await page.getByTestId('drop-zone').dispatchEvent('dragover', { dataTransfer });
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
    await expect(page.getByText('new.zip')).toBeVisible();
    await expect(page.getByTestId('archive-declared')).toHaveText(
      `The zip’s pyproject.toml names pack “${nodeId}”, version 0.1.0.`,
    );
    await expect(page.getByLabel('Pack id')).toHaveValue(nodeId);
    await saveThemedScreenshots(page, 'publish-zip-autofill', `/publishers/${publisherId}/publish`, async (shot) => {
      await shot
        .locator('input[type="file"]')
        .setInputFiles({ name: 'new.zip', mimeType: 'application/zip', buffer: zip });
      await expect(shot.getByTestId('archive-declared')).toContainText(nodeId);
    });
    await page.getByRole('button', { name: 'Upload and publish' }).click();
    await expect(page.getByTestId('upload-result')).toHaveText('Version 0.1.0 is live.', { timeout: 30_000 });
    await saveScreenshot(page, 'pack-manage-publish-new');
    await page.getByRole('link', { name: 'Open the pack page' }).click();
    await expect(page).toHaveURL(new RegExp(`/nodes/${nodeId}$`));
  });

  test('refuses other people but not admins, explains a wrong archive, fits 360 px in Arabic', async ({
    page,
    registry,
    signInAs,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(180_000);
    const { publisherId, nodeId } = await publishedPack(page, registry);

    // The wrong pack's archive is refused with an explanation.
    await page.goto(`/nodes/${nodeId}/manage`);
    await page.getByLabel('Choose a zip file').setInputFiles({
      name: 'other.zip',
      mimeType: 'application/zip',
      buffer: packArchive({ nodeId: 'someone-else', version: '2.0.0', publisherId }),
    });
    // Said as soon as the zip is read, before anything is sent.
    await expect(page.getByTestId('archive-problem')).toHaveText(
      `The zip’s pyproject.toml names “someone-else”, not “${nodeId}”. A version is published under the id its pyproject.toml names.`,
    );
    await page.getByRole('button', { name: 'Upload and publish' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: `pyproject.toml names the pack “someone-else”, but you are publishing “${nodeId}”.` }),
    ).toBeVisible();

    await page.setViewportSize({ width: 360, height: 740 });
    await page.evaluate(() => localStorage.setItem('comfy-registry-language', 'ar'));
    await page.goto(`/nodes/${nodeId}/manage`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'pack-manage-rtl-360');
    await checkA11y(page);

    // Another signed-in user sees the 403.
    await page.context().clearCookies();
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.setItem('comfy-registry-language', 'en');
    });
    await signInAs(page, registry.users.user);
    await page.goto(`/nodes/${nodeId}/manage`);
    await expect(page.getByRole('heading', { name: 'You can’t manage this pack' })).toBeVisible();

    // A registry admin may manage any pack.
    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await signInAs(page, registry.users.admin);
    await page.goto(`/nodes/${nodeId}/manage`);
    await expect(page.getByRole('heading', { level: 1, name: `Manage ${nodeId} display` })).toBeVisible();
  });

  test('sends signed-out visitors to sign in', async ({ page }) => {
    await page.goto('/nodes/some-pack/manage');
    await expect(page).toHaveURL(/\/auth\/login\?/);
  });
});
