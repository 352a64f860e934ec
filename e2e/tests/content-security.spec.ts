import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

test.describe('content security policy', () => {
  test('the app runs under its policy: start-up script, first screens, search, sign-in and the account page', async ({
    page,
    registry,
    signInAs,
  }) => {
    const violations = await recordViolations(page);
    const home = await page.goto('/');
    const policy = home?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("'unsafe-inline' 'sha256");
    expect(home?.headers()['x-frame-options']).toBe('DENY');
    // index.html's inline start-up script ran (it sets the colour scheme before the first paint).
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('light');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

    await page.goto('/nodes/comfyui-impact-pack');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/?q=impact%20pack');
    await expect(page.getByRole('list').first()).toBeVisible();
    await page.goto('/auth/login');
    await expect(page.locator('input[name="password"]')).toBeVisible();
    await signInAs(page, registry.users.user);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('another site cannot show the app in a frame', async ({ page, registry }) => {
    await page.goto(`${registry.apiUrl}/health`);
    const refused = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
    await page.setContent(`<iframe src="${registry.webUrl}/" title="framed"></iframe>`);
    expect((await refused).text()).toContain("frame-ancestors 'none'");
    await expect(page.frameLocator('iframe').getByRole('banner')).toHaveCount(0);
  });
});
