import { expect, test } from '../support/fixtures';
import { apiAs } from '../support/publishing';
import { publishOwnPack } from '../support/web-a';

// The footer shows this instance's links (the optional ones only when set: the e2e run sets them
// all), the API reference and the version; "contact the administrators" texts give the address;
// the localization dialog opens this project's own translation guide, served by this instance.

const CONTACT = 'registry-admins@e2e.test';

test.describe('site footer and contact', () => {
  test('every page ends with the instance links, the API reference and the version', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'About this registry' });
    await expect(footer.getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      `${registry.apiUrl}/docs`,
    );
    await expect(footer.getByRole('link', { name: 'Use from ComfyUI' })).toHaveAttribute('href', '/use-from-comfyui');
    await expect(footer.getByRole('link', { name: 'Source code' })).toHaveAttribute(
      'href',
      `${registry.webUrl}/e2e-source`,
    );
    await expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      `${registry.webUrl}/e2e-terms`,
    );
    await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute(
      'href',
      `${registry.webUrl}/e2e-privacy`,
    );
    await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', `mailto:${CONTACT}`);
    await expect(page.getByRole('contentinfo')).toContainText('Version 0.1.0');
    // The API reference the footer links is really there.
    expect((await page.request.get(`${registry.apiUrl}/docs`)).ok()).toBe(true);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'weba-footer', '/', async (shot) => {
      await expect(shot.getByRole('contentinfo')).toContainText('0.1.0');
    });
  });

  test('the home page claims only what is true for this instance', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('all reviewed before they reach you')).toHaveCount(0);
    await expect(
      page.getByText('packs imported from the ComfyUI-Manager list are marked Unclaimed and were not reviewed'),
    ).toBeVisible();
    await expect(page.getByText('ENVIRONMENT=dev comfy node publish --token <token>')).toBeVisible();
  });

  test('a banned pack says how to reach the administrators', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(240_000);
    const { publisherId, nodeId } = await publishOwnPack(page, registry, 'weba-ban');
    const admin = await apiAs(registry, registry.users.admin);
    const ban = await admin.post(`${registry.apiUrl}/publishers/${publisherId}/nodes/${nodeId}/ban`, {
      data: { reason: 'Breaks every workflow it touches' },
    });
    expect(ban.status(), await ban.text()).toBe(204);
    await admin.dispose();

    await page.goto(`/nodes/${nodeId}`);
    await expect(page.getByRole('heading', { name: 'This pack is banned' })).toBeVisible();
    const contact = page.getByTestId('contact-admins');
    await expect(contact).toContainText('To reach the administrators of this registry, write to');
    await expect(contact.getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'weba-banned-contact', `/nodes/${nodeId}`, async (shot) => {
      await expect(shot.getByTestId('contact-admins')).toBeVisible();
    });
  });

  test('the localization dialog opens the GitHub issue page; the translation guide is still served here', async ({
    page,
    registry,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await page.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('menuitem', { name: 'Contribute' }).click();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Contribute on GitHub' }).click();
    expect((await popup).url()).toBe('https://github.com/Comfy-Org/registry-web/issues/206');
    const guide = await page.request.get(`${registry.webUrl}/contributing/translations.md`);
    expect(await guide.text()).toContain('# Translating the web app');
    await saveThemedScreenshots(page, 'weba-contribute-dialog', '/', async (shot) => {
      await shot.getByRole('button', { name: /^(Language|اللغة)/ }).click();
      await shot.getByRole('menuitem').last().click();
      await expect(shot.getByRole('dialog')).toBeVisible();
    });
  });
});
