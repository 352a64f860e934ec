import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  createAccessToken,
  createPublisher,
  inviteAndAccept,
  publishWithToken,
  signUpUser,
  uniqueSuffix,
} from '../support/publishing';

test.describe('deleting an account', () => {
  test('the page explains what happens to each publisher first; afterwards the packs stay and the account is gone', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const suffix = uniqueSuffix();
    const solo = `solo-${suffix}`;
    const shared = `shared-${suffix}`;
    const pack = `kept-pack-${suffix}`;
    const user = await signUpUser(page.request, registry, 'leaver');
    await createPublisher(page.request, registry, user, solo, `Solo ${suffix}`);
    const token = await createAccessToken(page.request, registry, user, solo);
    await publishWithToken(page.request, registry, {
      publisherId: solo,
      nodeId: pack,
      version: '1.0.0',
      accessToken: token,
    });
    // Someone else owns `shared` and invites the user as a second owner, who accepts.
    const otherContext = await playwrightRequest.newContext();
    try {
      const other = await signUpUser(otherContext, registry, 'stayer');
      await createPublisher(otherContext, registry, other, shared, `Shared ${suffix}`);
      await inviteAndAccept(otherContext, registry, {
        publisherId: shared,
        inviter: other.token,
        invitee: user,
        role: 'owner',
      });
    } finally {
      await otherContext.dispose();
    }

    await page.goto('/account');
    const section = page.locator('section[aria-labelledby="delete-title"]');
    await expect(section.getByText('Your packs and their versions stay published and installable')).toBeVisible();
    const sole = section.getByRole('list', { name: 'Publishers you own alone (publishing stops)' });
    await expect(sole.getByRole('listitem')).toHaveText([`Solo ${suffix} Packs: 1`]);
    const leaving = section.getByRole('list', { name: 'Publishers you leave (they carry on)' });
    await expect(leaving.getByRole('listitem')).toHaveText([`Shared ${suffix}`]);
    await checkA11y(page);
    await saveThemedScreenshots(page, 'web-b-account-delete', '/account#delete-title', async (shot) => {
      await expect(shot.locator('section[aria-labelledby="delete-title"] li a')).toHaveCount(2);
    });

    await section.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The password is not correct.');
    await checkA11y(page);
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Your account was deleted.')).toBeVisible();
    await expect(page).toHaveURL('/', { timeout: 15_000 });

    // The pack is still there for everyone; the account cannot sign in; the old token no longer publishes.
    expect((await page.request.get(`${registry.apiUrl}/nodes/${pack}`)).status()).toBe(200);
    const signIn = await page.request.post(`${registry.apiUrl}/api/auth/sign-in/email`, {
      data: { email: user.email, password: user.password },
      headers: { origin: registry.webUrl },
    });
    expect(signIn.status()).toBe(401);
    const publish = await page.request.post(`${registry.apiUrl}/publishers/${solo}/nodes/${pack}/versions`, {
      data: {
        personal_access_token: token,
        node: { id: pack, name: pack, description: '', license: '{"text": "MIT"}', repository: '' },
        node_version: { version: '2.0.0', dependencies: [] },
      },
    });
    expect(publish.status()).toBe(400);
    expect(await publish.json()).toEqual({
      message: 'Invalid personal access token',
      error: '',
      code: 'token.invalid',
      params: {},
    });
  });
});
