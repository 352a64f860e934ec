import { expect, test } from '../support/fixtures';
import { linkFromOutbox } from '../support/outbox';

test.describe('signed out', () => {
  test('guarded pages send to login with fromUrl and come back after signing in', async ({
    page,
    registry,
    checkA11y,
    saveScreenshot,
  }) => {
    await page.goto('/nodes?tab=mine#top');
    await expect(page).toHaveURL(`/auth/login?fromUrl=${encodeURIComponent('/nodes?tab=mine#top')}`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await checkA11y(page);
    await saveScreenshot(page, 'login');
    await page.getByLabel('E-mail address').fill(registry.users.user.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not correct.');
    await page.getByLabel('Password').fill(registry.users.user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/nodes?tab=mine#top');
    await expect(page.getByRole('heading', { name: 'Your Nodes' })).toBeVisible();
    const idToken = await page.evaluate(() => sessionStorage.getItem('idToken'));
    expect(idToken?.split('.')).toHaveLength(3);
  });

  test('a foreign fromUrl is ignored', async ({ page, registry }) => {
    await page.goto('/auth/login?fromUrl=https%3A%2F%2Fevil.example%2F');
    await page.getByLabel('E-mail address').fill(registry.users.user.email);
    await page.getByLabel('Password').fill(registry.users.user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/nodes');
  });

  test('sign-up checks the password policy as you type and reports a taken address', async ({
    page,
    registry,
    checkA11y,
    saveScreenshot,
  }) => {
    await page.goto('/auth/signup?fromUrl=%2Fnodes%3Fwelcome%3D1');
    const rules = page.getByRole('list', { name: 'Password requirements' });
    await expect(rules.getByRole('listitem')).toHaveText(['At least 6 characters(not met yet)']);
    await page.getByLabel('Display name').fill('Lin');
    await page.getByLabel('E-mail address').fill(registry.users.user.email);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await expect(rules.getByRole('listitem')).toHaveText(['At least 6 characters(met)']);
    await checkA11y(page);
    await saveScreenshot(page, 'signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toContainText('already exists');

    const email = `new-${Date.now()}@e2e.test`;
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/nodes?welcome=1');
    await page.getByRole('button', { name: /Account menu for Lin/ }).click();
    await expect(page.getByRole('menu')).toContainText(email);
  });

  test('forgot and reset password screens', async ({ page, checkA11y }) => {
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('E-mail address').fill('nobody@e2e.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('nobody@e2e.test');
    await checkA11y(page);
    await page.goto('/auth/reset-password?token=not-a-real-token');
    await page.getByLabel('New password').fill('another-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('This link is invalid, has expired or has already been used.');
    await checkA11y(page);
    await page.goto('/auth/verify-email?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This link is invalid, has expired or has already been used.');
    await checkA11y(page);
  });
});

test('a forgotten password is reset through the e-mailed link', async ({ page, registry, request }) => {
  const email = `reset-${Date.now()}@e2e.test`;
  const created = await request.post(`${registry.apiUrl}/api/auth/sign-up/email`, {
    data: { email, password: 'first-password', name: 'Rosalind' },
    headers: { origin: registry.webUrl },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/auth/forgot-password');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(email);

  const link = await linkFromOutbox(
    registry.dataDir,
    email,
    /https?:\/\/[^\s"<>]+\/auth\/reset-password\?token=[\w.-]+/,
  );
  await page.goto(link);
  await page.getByLabel('New password').fill('second-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. You can sign in with it now.');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('second-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/nodes');
});

test('the providers the server enabled are offered; OpenID Connect signs in and returns to fromUrl', async ({
  page,
  registry,
}) => {
  await page.goto('/nodes?from=sso');
  await expect(page).toHaveURL(/\/auth\/login\?fromUrl=/);
  await page.getByRole('button', { name: 'Continue with Company SSO' }).click();
  await expect(page).toHaveURL('/nodes?from=sso');
  const trigger = page.getByRole('button', { name: `Account menu for ${registry.users.sso.name}` });
  await expect(trigger.locator('img')).toHaveAttribute('src', `${registry.webUrl}/favicon.svg`);
  await trigger.click();
  await expect(page.getByRole('menu')).toContainText(registry.users.sso.email);
});

test.describe('signed in', () => {
  test('a user sees the avatar menu without the admin item; /admin is forbidden', async ({
    page,
    registry,
    signInAs,
    checkA11y,
  }) => {
    const analytics: unknown[][] = [];
    page.on('console', async (message) => {
      if (message.text().startsWith('[analytics]')) {
        analytics.push(await Promise.all(message.args().map((arg) => arg.jsonValue())));
      }
    });
    await signInAs(page, registry.users.user);
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Account menu for Grace Hopper' });
    // Outside production, analytics go to the console: the user is identified by id, e-mail and name.
    await expect
      .poll(() => analytics.find((call) => call[0] === '[analytics] setProfile'))
      .toEqual(['[analytics] setProfile', { email: registry.users.user.email, name: 'Grace Hopper' }]);
    expect(analytics.find((call) => call[0] === '[analytics] identify')?.[1]).toEqual(expect.any(String));
    await expect(trigger.getByTestId('avatar-initial')).toHaveText('G');
    await expect(trigger).toContainText('Grace Hopper');
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('Grace Hopper');
    await expect(menu).toContainText(registry.users.user.email);
    await expect(menu.getByRole('menuitem')).toHaveText(['Your Nodes', 'Account', 'Logout']);
    await checkA11y(page);
    await menu.getByRole('menuitem', { name: 'Your Nodes' }).click();
    await expect(page).toHaveURL('/nodes');
    await expect(page.getByRole('heading', { name: 'Your Nodes' })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Account' }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await checkA11y(page);
  });

  test('an admin sees Admin Dashboard, which survives a reload from the persisted cache', async ({
    page,
    registry,
    signInAs,
    saveScreenshot,
    checkA11y,
  }) => {
    const bearer: string[] = [];
    page.on('request', (request) => {
      if (request.url() === `${registry.apiUrl}/users`) bearer.push(request.headers().authorization ?? '');
    });
    await signInAs(page, registry.users.admin);
    await page.goto('/');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
    await saveScreenshot(page, 'header-admin-menu');
    expect(bearer[0]).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await checkA11y(page);

    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('comfy-registry-cache') ?? ''))
      .toContain('"isAdmin":true');
    // The profile never answers after the reload: the menu item comes from the restored cache.
    await page.route(`${registry.apiUrl}/users`, () => {});
    await page.reload();
    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test('logging out from the menu clears both storages and shows Login again', async ({ page, registry, signInAs }) => {
    await signInAs(page, registry.users.user);
    await page.goto('/nodes');
    await expect(page.getByRole('heading', { name: 'Your Nodes' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('idToken'))).not.toBeNull();
    await page.evaluate(() => localStorage.setItem('something-else', 'x'));
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL('/');
    expect(await page.evaluate(() => [Object.keys(localStorage), Object.keys(sessionStorage)])).toEqual([[], []]);
    // A save that was already scheduled must not bring the old cache back.
    await page.waitForTimeout(1500);
    const cache = await page.evaluate(() => localStorage.getItem('comfy-registry-cache'));
    expect(cache ?? '').not.toContain(registry.users.user.email);
  });

  test('the logout screen shows "Logging out..." while working and reports failures', async ({
    page,
    registry,
    signInAs,
    checkA11y,
  }) => {
    await signInAs(page, registry.users.user);
    await page.goto('/auth/logout');
    await checkA11y(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`${registry.apiUrl}/api/auth/sign-out`, async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Sign-out broke' } });
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Logging out...' })).toBeDisabled();
    release();
    await expect(page.getByText('Logout error: Sign-out broke')).toBeVisible();
    await page.unroute(`${registry.apiUrl}/api/auth/sign-out`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  });
});
