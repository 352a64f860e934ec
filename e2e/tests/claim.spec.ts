import type { APIRequestContext } from '@playwright/test';
import { UNCLAIMED_PUBLISHER_ID as unclaimed } from '../../web/src/lib/catalogue/unclaimed';
import { expect, test } from '../support/fixtures';
import { createPublisher, signUpUser, uniqueSuffix } from '../support/publishing';
import type { E2EState } from '../support/state';

/** An imported (unclaimed) pack whose repository is on GitHub. */
async function unclaimedGitHubPack(request: APIRequestContext, registry: E2EState) {
  const response = await request.get(`${registry.apiUrl}/publishers/${unclaimed}/nodes/v2?limit=50`);
  expect(response.ok()).toBe(true);
  const { nodes } = (await response.json()) as { nodes: { id: string; name: string; repository: string }[] };
  const pack = nodes.find((n) => /^https:\/\/github\.com\/[^/]+\/[^/]+/.test(n.repository));
  if (!pack) throw new Error('no unclaimed GitHub pack in the catalogue');
  return pack;
}

test.describe('claim an unclaimed pack', () => {
  test('without GitHub sign-in, offers a request to the administrators instead of a disabled claim', async ({
    page,
    registry,
    checkA11y,
    saveScreenshot,
  }) => {
    const pack = await unclaimedGitHubPack(page.request, registry);
    const user = await signUpUser(page.request, registry, 'claimer');
    const publisherId = `cl-${uniqueSuffix()}`;
    await createPublisher(page.request, registry, user, publisherId);

    await page.goto(`/nodes/${pack.id}/claim`);
    await expect(page.getByRole('heading', { level: 1, name: `Claim ${pack.name || pack.id}` })).toBeVisible();
    // The user's only publisher is chosen already.
    await expect(page.getByRole('radio', { name: new RegExp(publisherId) })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Create a new publisher' })).toHaveAttribute(
      'href',
      '/publishers/create',
    );
    // This run has no GitHub sign-in: the claim is a request (claim-request.spec.ts follows it through).
    await expect(page.getByText('This registry has no GitHub sign-in')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the request' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Claim pack' })).toHaveCount(0);
    await saveScreenshot(page, 'claim-light');
    await checkA11y(page);

    await page.evaluate(() => localStorage.setItem('comfy-registry-theme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.locator('#claim-request-title')).toBeVisible();
    await saveScreenshot(page, 'claim-dark');
    await checkA11y(page);
  });

  test('without a publisher, points to creating one', async ({ page, registry }) => {
    const pack = await unclaimedGitHubPack(page.request, registry);
    await signUpUser(page.request, registry, 'nopublisher');
    await page.goto(`/nodes/${pack.id}/claim`);
    await expect(page.getByText('You don’t belong to any publisher yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the request' })).toBeDisabled();
  });

  test('fits 360 px and reads right to left in Arabic', async ({ page, registry, checkA11y }) => {
    const pack = await unclaimedGitHubPack(page.request, registry);
    await signUpUser(page.request, registry, 'claimar');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(() => localStorage.setItem('comfy-registry-language', 'ar'));
    await page.goto(`/nodes/${pack.id}/claim`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('#claim-request-title')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await checkA11y(page);
  });

  test('sends signed-out visitors to sign in', async ({ page }) => {
    await page.goto('/nodes/some-pack/claim');
    await expect(page).toHaveURL(/\/auth\/login\?/);
  });
});
