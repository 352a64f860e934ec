import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { packArchive, publishWithToken, signUpUser, uniqueSuffix } from '../support/publishing';

/** Waits for the toasts to go so a screenshot shows the screen, not the notifications. */
async function toastsGone(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

test.describe('publisher journey', () => {
  test('a new publisher signs up, publishes with a copied token, and manages the pack to its deletion', async ({
    page,
    registry,
    request,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(240_000);
    const suffix = uniqueSuffix();
    const publisherId = `journey-${suffix}`;
    const nodeId = `journey-pack-${suffix}`;
    const packName = `Journey Pack ${suffix}`;
    // The colleague added as a member later: an account of its own, in its own cookie jar.
    const colleague = await signUpUser(request, registry, 'colleague');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: registry.webUrl });

    // 1. Sign up in the browser; Your Nodes walks a first-time publisher through.
    await page.goto('/auth/signup?fromUrl=%2Fnodes');
    await page.getByLabel('Display name').fill('Jo Journey');
    await page.getByLabel('E-mail address').fill(`journey-${suffix}@e2e.test`);
    await page.getByLabel('Password', { exact: true }).fill('journey-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/nodes');
    await expect(page.getByRole('heading', { name: 'Publish your first node pack' })).toBeVisible();

    // 2. Create the publisher.
    await page.getByRole('link', { name: 'New publisher' }).first().click();
    await expect(page).toHaveURL('/publishers/create');
    await page.getByLabel('Publisher id').fill(publisherId);
    await expect(page.getByText(`“${publisherId}” is available.`)).toBeVisible();
    await page.getByLabel('Display name').fill('Journey Labs');
    await page.getByRole('button', { name: 'Create publisher' }).click();
    await expect(page).toHaveURL(`/publishers/${publisherId}`);
    await expect(page.getByText('Publisher Journey Labs was created.')).toBeVisible();

    // 3. Create a token and copy it from the dialog through the clipboard.
    await page.getByRole('link', { name: 'Manage publisher' }).click();
    await expect(page).toHaveURL(`/publishers/${publisherId}/manage`);
    await page.getByRole('button', { name: 'Create token' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create a publishing token' });
    await createDialog.getByLabel('Name').fill('ci');
    await createDialog.getByRole('button', { name: 'Create' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Save your token' });
    await saveDialog.getByRole('button', { name: 'Copy the token' }).click();
    await expect(saveDialog.getByRole('button', { name: 'Copy the token' })).toHaveText('Copied!');
    await saveScreenshot(page, 'journey-token-dialog', { selector: '[role="dialog"]' });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await saveDialog.getByRole('textbox', { name: 'Token' }).inputValue());
    await saveDialog.getByRole('button', { name: 'Done' }).click();
    await expect(saveDialog).toBeHidden();

    // 4. Publish 1.0.0 with the copied token, exactly as `comfy node publish` does.
    const published = await publishWithToken(request, registry, {
      publisherId,
      nodeId,
      version: '1.0.0',
      name: packName,
      accessToken: copied,
    });
    expect(published.status).toBe('NodeVersionStatusActive');

    // 5. The pack is on Your Nodes and on its own page.
    await page.goto('/nodes');
    const section = page.getByRole('region', { name: 'Journey Labs' });
    await expect(section.getByRole('link', { name: packName, exact: true })).toBeVisible();
    await expect(section).toContainText('1 node pack');
    await toastsGone(page);
    await saveScreenshot(page, 'journey-your-nodes');
    await section.getByRole('link', { name: packName, exact: true }).click();
    await expect(page).toHaveURL(`/nodes/${nodeId}`);
    await expect(page.getByRole('heading', { level: 1, name: packName })).toBeVisible();
    await expect(page.getByText(`comfy node install ${nodeId}`, { exact: true })).toBeVisible();

    // 6. Deprecate 1.0.0 on the management page.
    await page.goto(`/nodes/${nodeId}/manage`);
    await expect(page.getByRole('heading', { level: 1, name: `Manage ${packName}` })).toBeVisible();
    const versions = page.getByRole('region', { name: 'Versions' });
    await expect(versions.getByTestId('version-1.0.0').getByText('Live')).toBeVisible();
    await page.getByRole('button', { name: 'Deprecate version 1.0.0' }).click();
    await expect(page.getByText('Version 1.0.0 is now deprecated.')).toBeVisible();
    await expect(versions.getByTestId('version-1.0.0').getByText('Deprecated', { exact: true })).toBeVisible();

    // 7. Upload 1.1.0 from the browser and watch it become Live.
    const fileName = `${nodeId}-1.1.0.zip`;
    await page.getByLabel('Choose a zip file').setInputFiles({
      name: fileName,
      mimeType: 'application/zip',
      buffer: packArchive({ publisherId, nodeId, version: '1.1.0', name: packName }),
    });
    await expect(page.getByText(fileName)).toBeVisible();
    await page.getByRole('button', { name: 'Upload and publish' }).click();
    await expect(page.getByTestId('upload-result')).toHaveText('Version 1.1.0 is live.', { timeout: 60_000 });
    await expect(versions.getByTestId('version-1.1.0').getByText('Live')).toBeVisible();
    await toastsGone(page);
    await saveScreenshot(page, 'journey-uploaded');
    await checkA11y(page);

    // 8. Invite the colleague; they join once they accept (with their own account).
    await page.goto(`/publishers/${publisherId}/manage#members`);
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByLabel('E-mail address').fill(colleague.email);
    await members.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${colleague.email}.`)).toBeVisible();
    await expect(members.getByTestId('pending-invitations')).toContainText(colleague.email);
    const auth = { authorization: `Bearer ${colleague.token}` };
    const [invitation] = (await (
      await request.get(`${registry.apiUrl}/users/invitations`, { headers: auth })
    ).json()) as { id: string }[];
    const accepted = await request.post(`${registry.apiUrl}/users/invitations/${invitation?.id}/accept`, {
      headers: auth,
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await page.reload();
    await expect(members.getByTestId('pending-invitations')).toHaveCount(0);
    await expect(members.getByRole('listitem')).toHaveCount(2);
    await expect(members.getByRole('combobox', { name: `Role of ${colleague.name}` })).toHaveValue('member');

    // 9. Delete version 1.0.0 after confirming; 1.1.0 stays.
    await page.goto(`/nodes/${nodeId}/manage`);
    await page.getByRole('button', { name: 'Delete version 1.0.0' }).click();
    const deleteVersion = page.getByRole('dialog', { name: 'Delete version 1.0.0?' });
    await deleteVersion.getByRole('button', { name: 'Delete version' }).click();
    await expect(page.getByText('Version 1.0.0 was deleted.')).toBeVisible();
    await expect(versions.getByTestId('version-1.0.0')).toHaveCount(0);
    await expect(versions.getByTestId('version-1.1.0')).toBeVisible();

    // 10. Delete the pack with the typed publisher/pack confirmation.
    const danger = page.getByRole('region', { name: 'Delete this pack' });
    await danger.getByLabel(`Type ${publisherId}/${nodeId} to confirm`).fill(`${publisherId}/${nodeId}`);
    await danger.getByRole('button', { name: 'Delete pack' }).click();
    await expect(page.getByText(`Pack ${nodeId} was deleted.`)).toBeVisible();
    await expect(page).toHaveURL(`/publishers/${publisherId}`);

    // Gone from Your Nodes and from the API.
    await page.goto('/nodes');
    await expect(page.getByRole('region', { name: 'Journey Labs' })).toContainText(
      'This publisher has no node packs yet.',
    );
    await expect(page.getByRole('link', { name: packName, exact: true })).toHaveCount(0);
    const gone = await request.get(`${registry.apiUrl}/nodes/${nodeId}`);
    expect(gone.status()).toBe(404);
  });
});
