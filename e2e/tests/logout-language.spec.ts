import { expect, test } from '../support/fixtures';
import { signUpUser } from '../support/publishing';

test.describe('logging out from the avatar menu', () => {
  test('says it is logging out until it ends, clears storage, and the next load keeps the language and the theme', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(60_000);
    await signUpUser(page.request, registry, 'logout');
    // The reader chose French: the app stores it and tells the web listener through the cookie.
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('comfy-registry-language', 'fr'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    // And the dark theme, from the theme menu.
    await page.getByRole('button', { name: /^Thème/ }).click();
    await page.getByRole('menuitemradio', { name: 'Sombre' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'comfy-registry-language')?.value)
      .toBe('fr');

    // A slow network: the sign-out answer takes a moment, as on a far-away server.
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/sign-out', async (route) => {
      await answered;
      await route.continue();
    });
    await page.getByRole('button', { name: /^Menu du compte de / }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    const status = page.getByTestId('logging-out');
    await expect(status).toHaveText('Déconnexion en cours…');
    await expect(status).toHaveAttribute('role', 'status');
    await checkA11y(page);
    release();
    await expect(status).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Connexion' }).first()).toBeVisible();
    // SPEC §4: local and session storage are emptied.
    expect(await page.evaluate(() => localStorage.getItem('comfy-registry-language'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('comfy-registry-theme'))).toBeNull();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    // The next load arrives dark from the server (the theme cookie), before any script runs.
    const served = await page.request.get('/');
    expect(await served.text()).toMatch(/<html[^>]* class="dark"/);

    // The next load is rendered in French by the server, and the app stays in French.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: 'Connexion' }).first()).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: /^Thème/ }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Sombre' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await saveThemedScreenshots(page, 'web-c-after-logout', '/', async (shot) => {
      await expect(shot.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});
