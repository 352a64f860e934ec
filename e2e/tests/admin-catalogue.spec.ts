import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures';
import type { E2EState } from '../support/state';

// The admin screens load several queries at once; on the shared two-core machine that can pass 7 s.
const expect = baseExpect.configure({ timeout: 15_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A bearer token for the admin signed in on `page` (the session cookie exchanged at /auth/token). */
async function adminBearer(page: Page, registry: E2EState): Promise<Record<string, string>> {
  const res = await page.request.get(`${registry.apiUrl}/auth/token`, { headers: { origin: registry.webUrl } });
  expect(res.ok(), await res.text()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/**
 * Publishes `versions` of a new pack through the real comfy-cli API (publisher, personal access
 * token, publish call), as the admin. The versions are Pending until approved.
 */
async function publishPack(request: APIRequestContext, registry: E2EState, auth: Record<string, string>) {
  const id = `e2e-compat-${unique()}`;
  const publisherId = `pub-${unique()}`;
  const created = await request.post(`${registry.apiUrl}/publishers`, {
    headers: auth,
    data: { id: publisherId, name: 'Compat Publisher' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pat = await request.post(`${registry.apiUrl}/publishers/${publisherId}/tokens`, {
    headers: auth,
    data: { name: 'e2e' },
  });
  expect(pat.status(), await pat.text()).toBe(201);
  const { token } = (await pat.json()) as { token: string };
  const compat = {
    supported_os: [],
    supported_accelerators: [],
    supported_comfyui_version: '',
    supported_comfyui_frontend_version: '',
  };
  for (const version of ['1.0.0', '1.1.0']) {
    const res = await request.post(`${registry.apiUrl}/publishers/${publisherId}/nodes/${id}/versions`, {
      data: {
        personal_access_token: token,
        node: {
          id,
          name: 'Compat Pack',
          description: 'E2E',
          license: 'MIT',
          repository: `https://github.com/e2e/${id}`,
          ...compat,
        },
        node_version: { version, dependencies: [], ...compat },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return id;
}

test.describe('admin catalogue', () => {
  test.beforeEach(async ({ page, registry, signInAs }) => {
    await signInAs(page, registry.users.admin);
  });

  test('bans an imported pack with a reason, search hides it, unban brings it back; both in the audit log', async ({
    page,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/admin/nodes?q=rgthree');
    await expect(page.getByRole('heading', { level: 1, name: 'Packs' })).toBeVisible();
    const results = page.getByRole('region', { name: /packs?$/ }).getByRole('listitem');
    await expect(results.first()).toBeVisible();
    await saveScreenshot(page, 'admin-nodes');
    await checkA11y(page);

    const firstLink = results.first().getByRole('link');
    const name = ((await firstLink.textContent()) ?? '').trim();
    expect(name).not.toBe('');
    await firstLink.click();
    await expect(page).toHaveURL(/\/admin\/nodes\/[^/]+$/);
    // The URL changes before the pack's own screen has loaded; wait for its heading.
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    const nodeId = decodeURIComponent(page.url().split('/').pop() ?? '');

    // Search finds it before the ban.
    await page.goto('/?q=rgthree');
    await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();

    await page.goto(`/admin/nodes/${nodeId}`);
    await page.getByRole('button', { name: 'Ban pack' }).click();
    const dialog = page.getByRole('dialog', { name: `Ban ${name}?` });
    await dialog.getByRole('button', { name: 'Ban pack' }).click();
    await expect(dialog.getByText('Give a reason.')).toBeVisible();
    await dialog.getByLabel(/^Reason/).fill('Ships a crypto miner (e2e)');
    await dialog.getByRole('button', { name: 'Ban pack' }).click();
    await expect(page.getByText('Pack banned.')).toBeVisible();
    await expect(page.getByText('Ships a crypto miner (e2e)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unban pack' })).toBeVisible();
    await saveScreenshot(page, 'admin-nodes-detail');
    await expect(page.getByText('Pack banned.')).toBeHidden({ timeout: 15_000 });
    await checkA11y(page);

    await page.goto(`/nodes/${nodeId}`);
    await expect(
      page.getByText('This pack was banned by the registry administrators and cannot be installed from the registry.'),
    ).toBeVisible();
    await page.goto('/?q=rgthree');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);

    await page.goto(`/admin/nodes/${nodeId}`);
    await page.getByRole('button', { name: 'Unban pack' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unban pack' }).click();
    await expect(page.getByText('Pack unbanned.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ban pack' })).toBeVisible();
    await page.goto('/?q=rgthree');
    await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();

    await page.goto(`/admin/audit?targetId=${encodeURIComponent(nodeId)}`);
    const entries = page.getByRole('listitem').filter({ hasText: nodeId });
    const ban = entries.filter({ has: page.getByText('Pack banned', { exact: true }) });
    const unban = entries.filter({ has: page.getByText('Pack unbanned', { exact: true }) });
    await expect(ban).toHaveCount(1);
    await expect(unban).toHaveCount(1);
    await expect(ban.getByText('Reason: Ships a crypto miner (e2e)')).toBeVisible();
    const statusRow = (entry: typeof ban) =>
      entry.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Status', exact: true }) });
    await expect(statusRow(ban).getByRole('cell')).toHaveText(['Active', 'Banned']);
    await expect(statusRow(unban).getByRole('cell')).toHaveText(['Banned', 'Active']);
    await saveScreenshot(page, 'admin-audit');
    await checkA11y(page);
  });

  test('creates an unclaimed pack, edits its tags, admin tags, ranking and preempted names, assigns and unclaims it', async ({
    page,
    registry,
  }) => {
    test.setTimeout(180_000);
    const id = `e2e-unclaimed-${unique()}`;
    await page.goto('/admin/nodes');
    await page.getByText('Create unclaimed pack').click();
    await page.getByLabel('Pack id', { exact: true }).fill('-bad-');
    await page.getByRole('button', { name: 'Create pack' }).click();
    await expect(page.getByText('Use letters and digits')).toBeVisible();
    await page.getByLabel('Pack id', { exact: true }).fill(id);
    await page.getByLabel('Name', { exact: true }).fill('E2E Unclaimed Pack');
    await page.getByRole('button', { name: 'Create pack' }).click();
    await expect(page.getByText(`Created the unclaimed pack ${id}.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/nodes/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'E2E Unclaimed Pack' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Unclaimed' })).toBeVisible();

    await page.getByLabel('Tags', { exact: true }).fill('sampler, my-tag');
    const chips = page.getByRole('group', { name: 'Quick add' });
    await chips.nth(0).getByRole('button', { name: 'upscale' }).click();
    await chips.nth(1).getByRole('button', { name: 'unsafe' }).click();
    await expect(chips.nth(1).getByRole('button', { name: 'unsafe' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Search ranking').fill('11');
    await expect(page.getByText('Enter a whole number from 1 to 10.')).toBeVisible();
    await page.getByLabel('Search ranking').fill('2');
    await page.getByLabel('Preempted comfy-node names').fill('E2EUpscaler\nE2ESampler');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Pack saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Tags', { exact: true })).toHaveValue('my-tag, sampler, upscale');
    await expect(page.getByLabel('Admin tags')).toHaveValue('unsafe');
    await expect(page.getByLabel('Search ranking')).toHaveValue('2');
    await expect(page.getByLabel('Preempted comfy-node names')).toHaveValue('E2ESampler\nE2EUpscaler');

    // Assign it to a publisher found by name, then unclaim it again.
    const publisherId = `assignee-${unique()}`;
    const made = await page.request.post(`${registry.apiUrl}/publishers`, {
      headers: await adminBearer(page, registry),
      data: { id: publisherId, name: 'Assignee Works' },
    });
    expect(made.status(), await made.text()).toBe(201);
    await page.getByLabel('Publisher id or name').fill(publisherId);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByRole('radio', { name: `Assignee Works (@${publisherId})` }).check();
    await page.getByRole('button', { name: 'Assign to Assignee Works' }).click();
    await expect(page.getByText('Pack assigned to Assignee Works.')).toBeVisible();
    await expect(page.getByRole('definition').getByRole('link', { name: 'Assignee Works' })).toBeVisible();
    await page.getByRole('button', { name: 'Unclaim', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Unclaim E2E Unclaimed Pack?' });
    await expect(confirm).toContainText('The pack leaves Assignee Works');
    await confirm.getByRole('button', { name: 'Unclaim' }).click();
    await expect(page.getByText('Pack unclaimed.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Unclaimed' })).toBeVisible();

    await page.goto(`/admin/audit?action=node.update&targetId=${id}`);
    await expect(page.getByRole('heading', { name: '3 entries' })).toBeVisible();
    const entry = page.getByRole('listitem').filter({ hasText: 'Pack edited' }).filter({ hasText: 'my-tag' });
    await expect(entry).toHaveCount(1);
    const tags = entry.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Tags', exact: true }) });
    await expect(tags.getByRole('cell')).toHaveText(['(empty)', 'my-tag, sampler, upscale']);
  });

  test('edits the compatibility of a published version, validated, with "copy from latest version"', async ({
    page,
    registry,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(180_000);
    const auth = await adminBearer(page, registry);
    const nodeId = await publishPack(page.request, registry, auth);
    // 1.1.0 goes live with its own compatibility, so it is the latest version.
    const approved = await page.request.put(`${registry.apiUrl}/admin/nodes/${nodeId}/versions/1.1.0`, {
      headers: auth,
      data: {
        status: 'NodeVersionStatusActive',
        supported_os: ['POSIX :: Linux', 'Microsoft :: Windows'],
        supported_accelerators: ['GPU :: NVIDIA CUDA'],
        supported_comfyui_version: '>=0.3.0',
        supported_comfyui_frontend_version: '>=1.10.0,<2.0.0',
      },
    });
    expect(approved.ok(), await approved.text()).toBe(true);

    await page.goto(`/admin/nodes/${nodeId}`);
    await page.getByRole('link', { name: 'Edit compatibility of 1.0.0' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Compatibility of ${nodeId} 1.0.0` })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();

    const comfy = page.getByLabel('ComfyUI version range');
    await comfy.fill('>=1.0');
    await expect(comfy).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Use versions like 1.2.0').first()).toBeVisible();
    await expect(save).toBeDisabled();

    await page.getByText('The latest version is 1.1.0.').waitFor();
    await page.getByRole('button', { name: 'Copy from latest version' }).click();
    await expect(comfy).toHaveValue('>=0.3.0');
    await expect(page.getByLabel('ComfyUI front-end version range')).toHaveValue('>=1.10.0,<2.0.0');
    await expect(page.getByRole('checkbox', { name: 'POSIX :: Linux' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'GPU :: NVIDIA CUDA' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'MacOS' }).check();
    await comfy.fill('>=0.3.0, <1.0.0');
    await saveScreenshot(page, 'admin-compat');
    await checkA11y(page);
    await save.click();
    await expect(page.getByText('Compatibility of 1.0.0 saved.')).toBeVisible();
    await expect(save).toBeDisabled();

    const stored = await page.request.get(`${registry.apiUrl}/nodes/${nodeId}/versions/1.0.0`, { headers: auth });
    expect(await stored.json()).toMatchObject({
      supported_os: ['MacOS', 'Microsoft :: Windows', 'POSIX :: Linux'],
      supported_accelerators: ['GPU :: NVIDIA CUDA'],
      supported_comfyui_version: '>=0.3.0,<1.0.0',
      supported_comfyui_frontend_version: '>=1.10.0,<2.0.0',
    });

    // Version entries name the version as pack@version; the diff shows what this save changed.
    await page.goto('/admin/audit?action=node_version.update&targetType=node_version');
    const entry = page.getByRole('listitem').filter({ hasText: '>=0.3.0,<1.0.0' });
    await expect(entry).toHaveCount(1);
    const range = entry
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'ComfyUI version', exact: true }) });
    await expect(range.getByRole('cell')).toHaveText(['(empty)', '>=0.3.0,<1.0.0']);
  });

  test('makes a user admin and revokes it, bans and unbans them; in the audit log', async ({
    page,
    registry,
    request,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(180_000);
    const email = `promote-${unique()}@e2e.test`;
    const created = await request.post(`${registry.apiUrl}/api/auth/sign-up/email`, {
      data: { email, password: 'promote-password-1', name: 'Grace Promoted' },
      headers: { origin: registry.webUrl },
    });
    expect(created.ok()).toBe(true);

    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'E-mail or name' }).fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\?q=/);
    const row = page.getByRole('listitem').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Make ${email} admin` }).click();
    const dialog = page.getByRole('dialog', { name: `Make ${email} an admin?` });
    await dialog.getByRole('button', { name: 'Make admin' }).click();
    await expect(page.getByText(`${email} is now an admin.`)).toBeVisible();
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    await saveScreenshot(page, 'admin-users');
    await expect(page.getByText(`${email} is now an admin.`)).toBeHidden({ timeout: 15_000 });
    await checkA11y(page);

    await row.getByRole('button', { name: `Revoke admin from ${email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke admin' }).click();
    await expect(page.getByText(`${email} is no longer an admin.`)).toBeVisible();
    await expect(row.getByText('Admin', { exact: true })).toHaveCount(0);

    await row.getByRole('button', { name: `Ban ${email}` }).click();
    const ban = page.getByRole('dialog', { name: `Ban ${email}?` });
    await ban.getByLabel(/^Reason/).fill('Spam uploads');
    await ban.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(page.getByText(`${email} banned.`)).toBeVisible();
    await expect(row.getByText('Reason: Spam uploads')).toBeVisible();
    await row.getByRole('button', { name: `Unban ${email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unban', exact: true }).click();
    await expect(page.getByText(`${email} unbanned.`)).toBeVisible();
    await expect(row.getByRole('button', { name: `Ban ${email}` })).toBeVisible();

    await page.goto(`/admin/audit?actor=${encodeURIComponent(registry.users.admin.email)}&action=user.update`);
    const entries = page.getByRole('list').getByRole('listitem').filter({ hasText: 'User changed' });
    const rows = entries
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Administrator', exact: true }) });
    // Newest first: the revoke, then the promotion.
    await expect(rows.nth(0).getByRole('cell')).toHaveText(['Yes', 'No']);
    await expect(rows.nth(1).getByRole('cell')).toHaveText(['No', 'Yes']);
  });

  test('bans a publisher with a reason and unbans it', async ({ page, registry }) => {
    test.setTimeout(180_000);
    const publisherId = `banme-${unique()}`;
    const made = await page.request.post(`${registry.apiUrl}/publishers`, {
      headers: await adminBearer(page, registry),
      data: { id: publisherId, name: 'Ban Me Labs' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const events: string[] = [];
    page.on('console', (message) => events.push(message.text()));
    await page.goto(`/admin/publishers?q=${publisherId}`);
    const row = page.getByRole('listitem').filter({ hasText: publisherId });
    await row.getByRole('button', { name: `Ban ${publisherId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Ban the publisher ${publisherId}?` });
    await dialog.getByLabel(/^Reason/).fill('Impersonates another author');
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(page.getByText(`Publisher ${publisherId} banned.`)).toBeVisible();
    await expect(row.getByText('Reason: Impersonates another author')).toBeVisible();
    await row.getByRole('button', { name: `Unban ${publisherId}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unban', exact: true }).click();
    await expect(page.getByText(`Publisher ${publisherId} unbanned.`)).toBeVisible();
    await expect(row.getByRole('button', { name: `Ban ${publisherId}` })).toBeVisible();
    // Outside production analytics goes to the console: one event per write.
    expect(events.filter((e) => e.includes('Admin Publisher Ban Changed'))).toHaveLength(2);

    await page.goto(`/admin/audit?targetType=publisher&targetId=${publisherId}`);
    await expect(page.getByRole('heading', { name: '2 entries' })).toBeVisible();
    // A date range that ends before today finds nothing.
    await page.getByLabel('To', { exact: true }).fill('2001-01-01');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/until=2001-01-01/);
    await expect(page.getByText('Nothing matches.')).toBeVisible();
  });

  test('the pack editor passes axe in the dark theme', async ({ page, checkA11y }) => {
    await page.addInitScript(() => localStorage.setItem('comfy-registry-theme', 'dark'));
    await page.goto('/admin/nodes/comfyui-impact-pack');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('heading', { level: 1, name: 'ComfyUI Impact Pack' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Versions' })).toBeVisible();
    await checkA11y(page);
  });

  test('publishers: search and an unknown filter show the empty state', async ({ page, checkA11y }) => {
    await page.goto('/admin/publishers?q=unclaimed');
    await expect(page.getByRole('heading', { level: 1, name: 'Publishers' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Unclaimed' }).first()).toBeVisible();
    await checkA11y(page);
    await page.goto('/admin/publishers?q=zzqqxxnothing');
    await expect(page.getByText('Nothing matches.')).toBeVisible();
  });

  for (const path of [
    '/admin/nodes',
    '/admin/nodes/comfyui-impact-pack',
    '/admin/audit',
    '/admin/users',
    '/admin/publishers',
  ]) {
    test(`${path} fits 360 px and reads right to left in Arabic`, async ({ page, checkA11y, saveScreenshot }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.addInitScript(() => localStorage.setItem('comfy-registry-language', 'ar'));
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('link', { name: 'العودة إلى الإدارة' })).toBeVisible();
      if (path.endsWith('impact-pack')) await expect(page.getByRole('heading', { name: 'الإصدارات' })).toBeVisible();
      else await expect(page.locator('section[aria-busy="false"]')).toHaveCount(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (path === '/admin/nodes') await saveScreenshot(page, 'admin-nodes-ar-360');
      await checkA11y(page);
    });
  }

  test('a signed-in non-admin gets the 403 page', async ({ browser, registry, signInAs }) => {
    const context = await browser.newContext({ baseURL: registry.webUrl });
    const other = await context.newPage();
    await signInAs(other, registry.users.user);
    await other.goto('/admin/audit');
    await expect(other.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    await expect(other.getByRole('heading', { name: 'Audit log' })).toHaveCount(0);
    await context.close();
  });
});
