import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { linkFromOutbox } from '../support/outbox';
import { signUpUser, uniqueSuffix } from '../support/publishing';

const VERIFY_LINK = /https?:\/\/\S+\/auth\/verify-email\?\S+/;

/** Toasts fade on their own; the accessibility pass waits for them to go. */
async function toastsGone(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

test.describe('account settings', () => {
  test('a new account is welcomed, not welcomed back, and the confirmation link signs in and returns to where sign-up started', async ({
    page,
    browser,
    registry,
  }) => {
    const email = `welcome-${uniqueSuffix()}@e2e.test`;
    await page.goto(`/auth/signup?fromUrl=${encodeURIComponent('/publishers/create')}`);
    await page.getByLabel('Display name').fill('Wren');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wren-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/publishers/create');
    await expect(page.getByText('Welcome!')).toBeVisible();
    await expect(page.getByText('Welcome back!')).toHaveCount(0);

    // On another device (no session), the link from the mail signs in and returns to the same page.
    const link = await linkFromOutbox(registry.dataDir, email, VERIFY_LINK);
    expect(new URL(link).searchParams.get('fromUrl')).toBe('/publishers/create');
    const other = await browser.newContext();
    try {
      const tab = await other.newPage();
      await tab.goto(link);
      await expect(tab).toHaveURL(new RegExp(`${registry.webUrl}/publishers/create$`), { timeout: 15_000 });
      await expect(tab.getByText('Welcome!')).toBeVisible();
      await expect(tab.getByRole('button', { name: /Account menu for Wren/ })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('an account changes its password and, after confirming the new address, its e-mail', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const user = await signUpUser(page.request, registry, 'settings');
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'E-mail address' })).toBeVisible();
    const emailSection = page.locator('section[aria-labelledby="email-title"]');
    await expect(emailSection.getByText(user.email)).toBeVisible();
    await checkA11y(page);
    await saveThemedScreenshots(page, 'web-b-account', '/account', async (shot) => {
      await expect(shot.locator('#password-title')).toBeVisible();
      await expect(
        shot.locator('section[aria-labelledby="password-title"] input[autocomplete="current-password"]'),
      ).toBeVisible();
    });

    // A wrong current password is refused and changes nothing.
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password').fill('settings-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The password is not correct.');
    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password was changed. Other devices were signed out.')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');
    const signIn = async (email: string, password: string) =>
      (
        await page.request.post(`${registry.apiUrl}/api/auth/sign-in/email`, {
          data: { email, password },
          headers: { origin: registry.webUrl },
        })
      ).status();
    expect(await signIn(user.email, user.password)).toBe(401);
    expect(await signIn(user.email, 'settings-password-2')).toBe(200);

    // The new address counts only once the link mailed to it is opened.
    const newEmail = `moved-${uniqueSuffix()}@e2e.test`;
    await page.goto('/account');
    await page.getByLabel('New e-mail address').fill(newEmail);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(page.getByText(`A confirmation link is on its way to ${newEmail}.`)).toBeVisible();
    await toastsGone(page);
    await checkA11y(page);
    expect(await signIn(newEmail, 'settings-password-2')).toBe(401);
    const link = await linkFromOutbox(registry.dataDir, newEmail, VERIFY_LINK);
    await page.goto(link);
    await expect(page).toHaveURL('/account', { timeout: 15_000 });
    await expect(page.getByText('Your new e-mail address is confirmed.')).toBeVisible();
    await expect(emailSection.getByText(newEmail)).toBeVisible();
    expect(await signIn(newEmail, 'settings-password-2')).toBe(200);
  });
});
