import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/**
 * The focus ring of a focused control: its colour against every colour it touches (the page
 * behind the offset gap, and the control itself when there is no gap), as WCAG 2.2 counts it.
 */
async function focusRingContrast(control: Locator): Promise<{ width: number; contrasts: number[] }> {
  // The button's colour transition also moves the outline colour: read the ring once it has ended.
  await control.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  return control.evaluate((element) => {
    const rgb = (text: string) => {
      const probe = document.createElement('span');
      probe.style.color = text;
      document.body.appendChild(probe);
      const [r, g, b, a] = (getComputedStyle(probe).color.match(/[\d.]+/g) ?? ['0', '0', '0']).map(Number);
      probe.remove();
      return { r: r ?? 0, g: g ?? 0, b: b ?? 0, a: a ?? 1 };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: string, b: string) => {
      const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((m, n) => n - m) as [number, number];
      return (x + 0.05) / (y + 0.05);
    };
    const backgroundBehind = (node: Element | null): string => {
      for (let at = node; at; at = at.parentElement) {
        const colour = getComputedStyle(at).backgroundColor;
        if (rgb(colour).a > 0 && colour !== 'transparent') return colour;
      }
      return 'rgb(255, 255, 255)';
    };
    const style = getComputedStyle(element);
    const ring = style.outlineStyle === 'none' ? 'transparent' : style.outlineColor;
    const width = style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth);
    const touches = [backgroundBehind(element.parentElement)];
    if (Number.parseFloat(style.outlineOffset) <= 0) touches.push(backgroundBehind(element));
    return { width, contrasts: touches.map((colour) => ratio(ring, colour)) };
  });
}

async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('comfy-registry-theme', value), theme);
  await page.reload();
}

test.describe('focus', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`a primary button's focus ring has 3:1 contrast (${theme})`, async ({ page }) => {
      await page.goto('/auth/login');
      await useTheme(page, theme);
      await page.getByLabel('E-mail address').fill('someone@example.test');
      await page.getByLabel('Password').fill('not-the-password');
      const submit = page.getByRole('button', { name: 'Sign in', exact: true });
      await page.getByLabel('Password').focus();
      // Keyboard focus, as :focus-visible needs.
      while (!(await submit.evaluate((element) => element === document.activeElement)))
        await page.keyboard.press('Tab');
      const ring = await focusRingContrast(submit);
      expect(ring.width).toBeGreaterThanOrEqual(2);
      for (const contrast of ring.contrasts) expect(contrast).toBeGreaterThanOrEqual(3);
    });
  }

  test('a dialog gives focus back to the control that opened it', async ({
    page,
    registry,
    signInAs,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    await signInAs(page, registry.users.admin);
    const email = registry.users.user.email;
    const url = `/admin/users?q=${encodeURIComponent(email)}`;
    await page.goto(url);
    const ban = page.getByRole('button', { name: `Ban ${email}` });
    await ban.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Ban ${email}?` });
    await expect(dialog).toBeVisible();
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(ban).toBeFocused();

    const makeAdmin = page.getByRole('button', { name: `Make ${email} admin` });
    await makeAdmin.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(makeAdmin).toBeFocused();
    await saveThemedScreenshots(page, 'web-c-focus-users', url, async (shot) => {
      await expect(shot.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    });
  });
});
