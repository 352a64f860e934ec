import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { expect, test } from '../support/fixtures';
import { signUpUser } from '../support/publishing';
import { totp, unusedCode, wrongCode } from '../support/totp';

/** Toasts fade on their own; the accessibility pass waits for them to go. */
async function toastsGone(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/** Decodes the QR code on the setup screen as a camera would: drawn to pixels, then read. */
async function readQrCode(page: Page): Promise<string | undefined> {
  const qr = page.getByRole('img', { name: 'QR code to scan with an authenticator app' });
  await expect(qr).toBeVisible();
  const pixels = await qr.evaluate(async (svg) => {
    const size = 400;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.drawImage(image, 0, 0, size, size);
    return { data: Array.from(context.getImageData(0, 0, size, size).data), size };
  });
  if (!pixels) return undefined;
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.size, pixels.size)?.data;
}

const section = (page: Page) => page.locator('section[aria-labelledby="two-factor-title"]');

/** Language-independent: the password step of the sign-in form. */
async function passwordStep(page: Page, email: string, password: string) {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('input[name="code"]')).toBeVisible();
}

test.describe('two-factor sign-in', () => {
  test('an account turns on two-factor sign-in, and signing in then needs a code from the app (or a recovery code)', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(240_000);
    const user = await signUpUser(page.request, registry, 'twofa');
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await expect(section(page).getByText(/^Off\./)).toBeVisible();

    // Setup screen, light, dark and Arabic. Each start replaces the unconfirmed secret, so the
    // secret used below comes from a start made afterwards.
    await saveThemedScreenshots(page, 'web-2fa-setup', '/account', async (shot) => {
      await section(shot).locator('input[type="password"]').fill(user.password);
      await section(shot).locator('button[type="submit"]').click();
      await expect(shot.getByTestId('two-factor-secret')).toBeVisible();
    });

    // A wrong password starts nothing.
    await section(page).getByLabel('Password').fill('not-my-password');
    await section(page).getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(section(page).getByRole('alert')).toHaveText('The password is not correct.');
    await section(page).getByLabel('Password').fill(user.password);
    await section(page).getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const link = await section(page).getByRole('link', { name: 'Open in an authenticator app' }).getAttribute('href');
    expect(link).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    // The QR code beside the key is that same link: a phone camera reading it gets the same secret.
    expect(await readQrCode(page)).toBe(link);
    await checkA11y(page);

    // A wrong first code is refused and leaves it off.
    await section(page).getByLabel('6-digit code').fill(wrongCode(secret));
    await section(page).getByRole('button', { name: 'Turn on' }).click();
    await expect(section(page).getByRole('alert')).toHaveText(
      'This code is not correct or has expired. Enter the code your app shows now.',
    );
    const setupAt = Date.now();
    await section(page).getByLabel('6-digit code').fill(totp(secret, setupAt));
    await section(page).getByRole('button', { name: 'Turn on' }).click();
    const codes = section(page).getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = await codes.allTextContents();
    await section(page).getByRole('button', { name: 'I have saved them' }).click();
    await expect(section(page).getByText(/^On\./)).toBeVisible();
    await expect(section(page).getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);

    // Sign out from the menu.
    await toastsGone(page);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

    // The code step, light, dark and Arabic.
    await saveThemedScreenshots(page, 'web-2fa-code', '/auth/login', async (shot) => {
      await passwordStep(shot, user.email, user.password);
    });

    // The password alone gives no session and no identity token.
    await page.goto('/auth/login');
    await page.getByLabel('E-mail address').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    expect((await page.request.get(`${registry.apiUrl}/auth/token`)).status()).toBe(401);
    await checkA11y(page);

    await page.getByLabel('Authentication code').fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This code is not correct or has expired. Enter the code your app shows now.',
    );
    await page.getByLabel('Authentication code').fill(unusedCode(secret, setupAt));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/nodes');
    await expect(page.getByText('Welcome back!')).toBeVisible();
    expect((await page.request.get(`${registry.apiUrl}/auth/token`)).status()).toBe(200);

    // A recovery code works instead of the app, once.
    await toastsGone(page);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/auth/login');
    await passwordStep(page, user.email, user.password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recovery[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/nodes');
    const reuse = await page.request.post(`${registry.apiUrl}/api/auth/two-factor/verify-backup-code`, {
      data: { code: recovery[0] },
      headers: { origin: registry.webUrl },
    });
    expect(reuse.status()).toBe(401);
  });
});
