import { UNCLAIMED_PUBLISHER_ID as PLACEHOLDER } from '../../web/src/lib/catalogue/unclaimed';
import { expect, test } from '../support/fixtures';

test.describe('admin screens protect the placeholder and the admin themselves', () => {
  test.beforeEach(async ({ page, registry, signInAs }) => {
    await signInAs(page, registry.users.admin);
  });

  test('the placeholder publisher of unclaimed packs is "Unclaimed" and offers no ban', async ({
    page,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    const url = `/admin/publishers?q=${PLACEHOLDER}`;
    await page.goto(url);
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Unclaimed', exact: true }) });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('it cannot be banned');
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(page.getByText(PLACEHOLDER)).toHaveCount(0);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'web-c-admin-placeholder', url, async (shot) => {
      await expect(shot.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    });

    // The pack list names it too.
    await page.goto('/admin/nodes?q=rgthree');
    await expect(page.getByRole('listitem').first()).toContainText('Unclaimed', { timeout: 15_000 });
    await expect(page.getByText(PLACEHOLDER)).toHaveCount(0);
  });

  test('an admin sees themselves marked and cannot ban or demote themselves', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    const email = registry.users.admin.email;
    const url = `/admin/users?q=${encodeURIComponent(email)}`;
    await page.goto(url);
    const row = page.getByRole('listitem').filter({ hasText: email });
    await expect(row.getByText('You', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Revoke admin from ${email}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Ban ${email}` })).toHaveCount(0);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'web-c-admin-self', url, async (shot) => {
      await expect(shot.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    });
    // Another account keeps its buttons.
    await page.goto(`/admin/users?q=${encodeURIComponent(registry.users.user.email)}`);
    await expect(page.getByRole('button', { name: `Ban ${registry.users.user.email}` })).toBeVisible({
      timeout: 15_000,
    });
  });
});
