import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createAccessToken, createPublisher, publishWithToken, signUpUser, uniqueSuffix } from '../support/publishing';

/** Toasts fade on their own; screenshots and the accessibility pass wait for them to go. */
async function toastsGone(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

test.describe('publishing tokens like crates.io', () => {
  test('an owner makes a token that expires and publishes one pack only; publish refuses the other pack', async ({
    page,
    registry,
    checkA11y,
    saveScreenshot,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(240_000);
    const suffix = uniqueSuffix();
    const publisherId = `tok-${suffix}`;
    const allowed = `tok-allowed-${suffix}`;
    const refused = `tok-refused-${suffix}`;
    // The owner signs up in this page's browser context, so the page is signed in too.
    const owner = await signUpUser(page.request, registry, 'token-owner');
    await createPublisher(page.request, registry, owner, publisherId);
    const setup = await createAccessToken(page.request, registry, owner, publisherId);
    for (const nodeId of [allowed, refused]) {
      await publishWithToken(page.request, registry, { publisherId, nodeId, version: '1.0.0', accessToken: setup });
    }

    await page.goto(`/publishers/${publisherId}/manage#tokens`);
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a publishing token' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Release workflow');
    // 90 days is chosen until the owner picks another lifetime.
    await expect(dialog.getByRole('radio', { name: '90 days' })).toBeChecked();
    await dialog.getByRole('radio', { name: '30 days' }).check();
    await expect(dialog.getByText('Tokens can only publish new versions')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /Publish every pack/ })).toBeChecked();
    await dialog.getByRole('radio', { name: 'Publish only the packs I choose' }).check();
    const packs = dialog.getByRole('list', { name: 'Packs this token may publish' });
    await expect(packs.getByRole('checkbox')).toHaveCount(2);
    // Limited to chosen packs, the token cannot be made until one is ticked.
    await expect(dialog.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
    await packs.getByRole('checkbox', { name: allowed }).check();
    await checkA11y(page);
    await saveScreenshot(page, 'web-b-token-create-dialog-light', { selector: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();

    const saved = page.getByRole('dialog', { name: 'Save your token' });
    const secret = await saved.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(secret).toMatch(/^crp_/);
    await saved.getByRole('button', { name: 'Done' }).click();
    // The creation dialog that opened this one is gone: focus returns to the button that began it.
    await expect(page.getByRole('button', { name: 'Create token' })).toBeFocused();

    // The list tells the tokens apart by their last four characters and shows expiry and scope.
    const tokens = page.getByRole('list', { name: 'Tokens' });
    const entry = tokens.getByRole('listitem').filter({ hasText: 'Release workflow' });
    await expect(entry.getByText(`crp_***${secret.slice(-4)}`)).toBeVisible();
    await expect(entry.getByText(/expires /)).toBeVisible();
    await expect(entry.getByText(allowed)).toBeVisible();
    await expect(entry.getByText('never used')).toBeVisible();
    const other = tokens.getByRole('listitem').filter({ hasText: 'e2e' });
    await expect(other.getByText(/never expires/)).toBeVisible();
    await expect(other.getByText(/all packs/)).toBeVisible();
    await toastsGone(page);
    await checkA11y(page);

    // comfy-cli with the new token: the chosen pack publishes, the other is refused with a reason.
    const body = (nodeId: string) => ({
      personal_access_token: secret,
      node: { id: nodeId, name: nodeId, description: '', license: '{"text": "MIT"}', repository: '' },
      node_version: { version: '2.0.0', dependencies: [] },
    });
    const refusedAnswer = await page.request.post(
      `${registry.apiUrl}/publishers/${publisherId}/nodes/${refused}/versions`,
      { data: body(refused) },
    );
    expect(refusedAnswer.status()).toBe(403);
    expect(await refusedAnswer.json()).toEqual({
      message: 'Personal access token not allowed for this node',
      error: `token "Release workflow" may publish only: ${allowed}`,
      code: 'token.not_for_pack',
      params: { name: 'Release workflow', nodeId: refused, allowed },
    });
    const accepted = await page.request.post(`${registry.apiUrl}/publishers/${publisherId}/nodes/${allowed}/versions`, {
      data: body(allowed),
    });
    expect(accepted.status(), await accepted.text()).toBe(201);

    // The accepted publish shows as the token's last use.
    await page.reload();
    await expect(entry.getByText(/last used/)).toBeVisible();
    await saveThemedScreenshots(page, 'web-b-tokens', `/publishers/${publisherId}/manage#tokens`, async (shot) => {
      await expect(shot.locator('#tokens li')).toHaveCount(2);
    });

    // Deleting a token removes the button that asked: focus lands on the list's heading, not the page.
    await other.getByRole('button', { name: 'Delete token e2e' }).click();
    await page.getByRole('dialog', { name: 'Delete this token?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(other).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Publishing tokens' })).toBeFocused();
  });
});
