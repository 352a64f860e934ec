import { type APIRequestContext, request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signUpUser, zipArchive } from '../support/publishing';
import { readState } from '../support/state';

test.describe('pack page', () => {
  test('shows an unclaimed catalogue pack with a git clone command that copies', async ({
    page,
    context,
    checkA11y,
    saveScreenshot,
  }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/nodes/comfyui-impact-pack');
    await expect(page.getByRole('heading', { level: 1, name: 'ComfyUI Impact Pack' })).toBeVisible();
    await expect(page).toHaveTitle('ComfyUI Impact Pack · ComfyUI Registry');
    await expect(page.getByText('Unclaimed: nobody has claimed this pack yet')).toBeVisible();
    await expect(page.getByText('detector nodes and detailer nodes')).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://github.com/ltdrdata/ComfyUI-Impact-Pack' })).toHaveAttribute(
      'href',
      'https://github.com/ltdrdata/ComfyUI-Impact-Pack',
    );
    await expect(page.getByText('No versions have been published yet.')).toBeVisible();
    const command = 'git clone https://github.com/ltdrdata/ComfyUI-Impact-Pack';
    await expect(page.getByText(command, { exact: true })).toBeVisible();
    const copy = page.getByRole('button', { name: `Copy “${command}”` });
    await copy.click();
    await expect(copy).toHaveText('Copied');
    await expect(page.getByRole('status').filter({ hasText: 'Command copied to the clipboard' })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    await expect(page.getByRole('link', { name: 'Claim this pack' })).toHaveAttribute(
      'href',
      '/nodes/comfyui-impact-pack/claim',
    );
    const nodes = page.getByRole('region', { name: 'Nodes in this pack' });
    await expect(nodes.getByText(/node classes listed in the ComfyUI-Manager catalogue/)).toBeVisible();
    await nodes.getByRole('searchbox', { name: 'Filter nodes' }).fill('samloader');
    await expect(nodes.getByRole('link', { name: 'SAMLoader', exact: true })).toHaveAttribute(
      'href',
      '/comfy-nodes/SAMLoader',
    );
    await expect(page.getByRole('region', { name: 'Downloads, last 90 days' }).getByRole('img')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Rating' })).toBeVisible();
    await saveScreenshot(page, 'node-page');
    await checkA11y(page);
  });

  test('is reached from a search result', async ({ page }) => {
    await page.goto('/?q=impact%20pack');
    await page.getByRole('link', { name: 'ComfyUI Impact Pack' }).first().click();
    await expect(page).toHaveURL(/\/nodes\/comfyui-impact-pack$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ComfyUI Impact Pack' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'Search node packs' })).toHaveValue('impact pack');
  });

  test('explains an unknown pack', async ({ page, checkA11y }) => {
    await page.goto('/nodes/no-such-pack-here');
    await expect(page.getByRole('heading', { name: 'Pack not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to search' })).toHaveAttribute('href', '/');
    await checkA11y(page);
  });

  test('fits 360 px and reads right to left in Arabic', async ({ page, checkA11y, saveScreenshot }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(() => localStorage.setItem('comfy-registry-language', 'ar'));
    await page.goto('/nodes/comfyui-impact-pack');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'التثبيت' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'node-page-ar-360');
    await checkA11y(page);
  });
});

// ---------------------------------------------------------------------------------------------
// A pack published through the real API (publisher, token, publish, archive upload, processing).

const PUBLISHER = 'e2e-pack-page';
const PACK = 'e2e-pack-page-demo';
const BANNED_PACK = 'e2e-pack-page-banned';
const DELETED_PACK = 'e2e-pack-page-deleted';

const DESCRIPTION = [
  '# Demo pack',
  '',
  'Resizes **images** and masks. See [the guide](https://example.com/guide).',
  '',
  '<script>window.__descriptionScriptRan = true</script>',
  '',
  '[Evil link](javascript:window.__evilLinkRan=true)',
].join('\n');

/** Ten comfy-node classes, one deprecated and one experimental (more than the filter threshold). */
function initPy(): string {
  const classes = Array.from({ length: 10 }, (_, i) => {
    const flags = i === 0 ? '    DEPRECATED = True\n' : i === 1 ? '    EXPERIMENTAL = True\n' : '';
    return [
      `class Resize${i}:`,
      '    @classmethod',
      '    def INPUT_TYPES(cls):',
      '        return {"required": {"image": ("IMAGE",), "width": ("INT", {"default": 512})}, "optional": {"mask": ("MASK",)}}',
      '    RETURN_TYPES = ("IMAGE", "MASK")',
      '    RETURN_NAMES = ("resized", "mask")',
      '    FUNCTION = "run"',
      `    CATEGORY = "${i < 5 ? 'image/resize' : 'mask/ops'}"`,
      flags,
    ].join('\n');
  });
  const mappings = Array.from({ length: 10 }, (_, i) => `"E2EResize${i}": Resize${i}`).join(', ');
  return `${classes.join('\n')}\nNODE_CLASS_MAPPINGS = {${mappings}}\n`;
}

function pyproject(version: string): string {
  return [
    '[project]',
    `name = "${PACK}"`,
    `description = """${DESCRIPTION}"""`,
    `version = "${version}"`,
    'license = { text = "MIT" }',
    '',
    '[project.urls]',
    `Repository = "https://github.com/e2e/${PACK}"`,
    '',
    '[tool.comfy]',
    `PublisherId = "${PUBLISHER}"`,
    'DisplayName = "E2E Demo Pack"',
    'Icon = ""',
    '',
  ].join('\n');
}

/** Signs `who` in through the real endpoints and answers an Authorization header with an identity token. */
async function bearerFor(api: APIRequestContext, who: { email: string; password: string }) {
  const { apiUrl, webUrl } = readState();
  const signIn = await api.post(`${apiUrl}/api/auth/sign-in/email`, {
    data: { email: who.email, password: who.password },
    headers: { origin: webUrl },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const identity = await api.get(`${apiUrl}/auth/token`, { headers: { origin: webUrl } });
  expect(identity.ok(), await identity.text()).toBe(true);
  return { Authorization: `Bearer ${((await identity.json()) as { token: string }).token}` };
}

/**
 * Publishes `PACK` 1.0.0 and 1.1.0 as the seeded user (idempotent: a version that already exists
 * is skipped), waits until both are processed, and installs 1.1.0 twice (once per run) so the chart
 * has data.
 */
async function ensurePublishedPack(): Promise<void> {
  const { apiUrl, users } = readState();
  const api = await request.newContext();
  try {
    const bearer = await bearerFor(api, users.user);

    const publisher = await api.post(`${apiUrl}/publishers`, {
      data: { id: PUBLISHER, name: 'E2E Pack Publisher' },
      headers: bearer,
    });
    expect([201, 409], await publisher.text()).toContain(publisher.status());
    const token = await api.post(`${apiUrl}/publishers/${PUBLISHER}/tokens`, {
      data: { name: `e2e ${Date.now()}` },
      headers: bearer,
    });
    expect(token.status(), await token.text()).toBe(201);
    const pat = ((await token.json()) as { token: string }).token;

    // Two more packs (a pending version is enough): one an admin bans, one its owner deletes.
    for (const id of [BANNED_PACK, DELETED_PACK]) {
      const other = await api.post(`${apiUrl}/publishers/${PUBLISHER}/nodes/${id}/versions`, {
        data: { personal_access_token: pat, node: { id, name: id }, node_version: { version: '1.0.0' } },
      });
      expect([201, 400], await other.text()).toContain(other.status());
    }

    let publishedLatest = false;
    for (const [version, changelog] of [
      ['1.0.0', 'First release.'],
      ['1.1.0', 'Adds **mask** support.'],
    ] as const) {
      const published = await api.post(`${apiUrl}/publishers/${PUBLISHER}/nodes/${PACK}/versions`, {
        data: {
          personal_access_token: pat,
          node: {
            id: PACK,
            name: 'E2E Demo Pack',
            description: DESCRIPTION,
            license: '{"text": "MIT"}',
            repository: `https://github.com/e2e/${PACK}`,
            supported_os: ['Windows', 'Linux'],
            supported_accelerators: ['CUDA'],
            supported_comfyui_version: '>=0.3.0',
          },
          node_version: { version, changelog, dependencies: ['numpy'] },
        },
      });
      if (published.status() === 400) continue; // published by an earlier run of this block
      expect(published.status(), await published.text()).toBe(201);
      const { signedUrl } = (await published.json()) as { signedUrl: string };
      const upload = await api.put(signedUrl, {
        data: zipArchive({ 'pyproject.toml': pyproject(version), '__init__.py': initPy() }),
        headers: { 'Content-Type': 'application/zip' },
      });
      expect(upload.status(), await upload.text()).toBe(200);
      if (version === '1.1.0') publishedLatest = true;
    }

    await expect
      .poll(
        async () => {
          const versions = (await (await api.get(`${apiUrl}/nodes/${PACK}/versions`)).json()) as { status: string }[];
          return versions.map((v) => v.status);
        },
        { timeout: 60_000 },
      )
      .toEqual(['NodeVersionStatusActive', 'NodeVersionStatusActive']);
    // Only the block that published 1.1.0 installs it: both describe blocks call this, in two
    // workers at once, and each seeing no downloads yet would install four times. The other
    // waits until the two installs show (pack answers may be a few seconds stale).
    if (publishedLatest) {
      for (let i = 0; i < 2; i++) expect((await api.get(`${apiUrl}/nodes/${PACK}/install`)).ok()).toBe(true);
    }
    await expect
      .poll(
        async () => ((await (await api.get(`${apiUrl}/nodes/${PACK}`)).json()) as { downloads: number }).downloads,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThanOrEqual(2);
  } finally {
    await api.dispose();
  }
}

test.describe('published pack page', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    await ensurePublishedPack();
  });

  test('shows every section of a pack with versions', async ({ page, context, checkA11y, saveScreenshot }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/nodes/${PACK}`);
    await expect(page.getByRole('heading', { level: 1, name: 'E2E Demo Pack' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'E2E Pack Publisher' })).toHaveAttribute(
      'href',
      `/publishers/${PUBLISHER}`,
    );

    // Install commands, with copy feedback.
    for (const command of [`comfy node install ${PACK}`, `comfy node install ${PACK}@1.1.0`]) {
      await expect(page.getByText(command, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText(`git clone https://github.com/e2e/${PACK}`)).toHaveCount(0);
    const copy = page.getByRole('button', { name: `Copy “comfy node install ${PACK}@1.1.0”` }).first();
    await copy.click();
    await expect(copy).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`comfy node install ${PACK}@1.1.0`);

    // Description as sanitised Markdown.
    const about = page.getByRole('region', { name: 'About' });
    await expect(about.getByRole('heading', { name: 'Demo pack' })).toBeVisible();
    await expect(about.locator('strong', { hasText: 'images' })).toBeVisible();
    await expect(about.getByRole('link', { name: 'the guide' })).toHaveAttribute('rel', 'noopener nofollow ugc');
    await expect(about.locator('script')).toHaveCount(0);
    await expect(about.getByText('Evil link')).not.toHaveAttribute('href');
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__descriptionScriptRan)).toBe(
      undefined,
    );

    // Details: license from pyproject JSON, repository, compatibility.
    const details = page.getByRole('complementary', { name: 'Details' });
    await expect(details.getByText('MIT', { exact: true })).toBeVisible();
    await expect(details.getByText('Windows, Linux')).toBeVisible();
    await expect(details.getByText('NVIDIA GPU (CUDA)', { exact: true })).toBeVisible();
    await expect(details.getByText('>=0.3.0')).toBeVisible();

    // Downloads chart: an SVG image with a title and a summary, and the two installs.
    const chart = page.getByRole('region', { name: 'Downloads, last 90 days' });
    await expect(chart.getByRole('img', { name: /Downloads, last 90 days/ })).toBeVisible();
    await expect(chart.locator('p', { hasText: '2 downloads in the last 90 days' })).toBeVisible();

    // Comfy-nodes of the latest version, filterable, linking to their lookup pages.
    const nodes = page.getByRole('region', { name: 'Nodes in this pack' });
    await expect(nodes.getByText('10 nodes in version 1.1.0')).toBeVisible();
    await expect(nodes.getByRole('link', { name: 'E2EResize0' })).toHaveAttribute('href', '/comfy-nodes/E2EResize0');
    await expect(nodes.getByText('Deprecated', { exact: true })).toBeVisible();
    await expect(nodes.getByText('Experimental', { exact: true })).toBeVisible();
    await nodes.getByRole('searchbox', { name: 'Filter nodes' }).fill('mask/ops');
    await expect(nodes.getByText('5 nodes match')).toBeVisible();
    await expect(nodes.getByRole('link', { name: /^E2EResize\d$/ })).toHaveCount(5);

    // Version history with badges and changelogs; the version panel follows the selection.
    const versions = page.getByRole('region', { name: 'Version history' });
    await expect(versions.getByText('Live', { exact: true })).toHaveCount(3);
    await expect(versions.locator('strong', { hasText: 'mask' })).toBeVisible();
    await expect(versions.getByText('First release.')).toBeVisible();
    await versions.getByRole('combobox', { name: 'Version' }).selectOption('1.0.0');
    await expect(page).toHaveURL(/\?version=1\.0\.0$/);
    await expect(versions.getByText(`comfy node install ${PACK}@1.0.0`, { exact: true })).toBeVisible();
    const download = versions.getByRole('link', { name: 'Download the archive of version 1.0.0' });
    await expect(download).toHaveAttribute('href', /.+/);
    const archive = await page.request.get((await download.getAttribute('href')) ?? '');
    expect(archive.status()).toBe(200);

    // Rating for visitors: no ratings, and a way to sign in.
    await expect(page.getByText('Nobody has rated this pack yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to rate this pack' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Claim this pack' })).toHaveCount(0);

    await saveScreenshot(page, 'node-page-published');
    await checkA11y(page);
  });

  test('lets a signed-in user rate, change and remove a rating; the owner sees Manage', async ({
    page,
    registry,
    signInAs,
    checkA11y,
    saveScreenshot,
  }) => {
    // The owner manages the pack but may not rate it: the page says why and offers no stars.
    await signInAs(page, registry.users.user);
    await page.goto(`/nodes/${PACK}`);
    await expect(page.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', `/nodes/${PACK}/manage`);
    const rating = page.getByRole('region', { name: 'Rating' });
    await expect(rating.getByText("You belong to this pack's publisher, so you cannot rate it.")).toBeVisible();
    await expect(rating.getByRole('radio')).toHaveCount(0);
    await expect(rating.getByRole('button', { name: 'Save rating' })).toHaveCount(0);

    // A signed-in user outside the publisher rates it, and does not see Manage.
    // Switching accounts behind the app's back: drop the owner's session, cached identity token and query cache.
    await page.context().clearCookies();
    await page.evaluate(() => {
      window.sessionStorage.clear();
      window.localStorage.clear();
    });
    await signUpUser(page.request, registry, 'rater');
    await page.reload();
    await expect(rating.getByText('Nobody has rated this pack yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage' })).toHaveCount(0);
    await expect(rating.getByText("You belong to this pack's publisher, so you cannot rate it.")).toHaveCount(0);
    await rating.getByText('4 stars').click();
    await rating.getByRole('button', { name: 'Save rating' }).click();
    await expect(page.getByText('Rated 4 stars')).toBeVisible();
    await expect(rating.getByText('1 rating')).toBeVisible();
    await expect(rating.getByRole('img', { name: '4.0 out of 5 stars' })).toBeVisible();
    await expect(rating.getByRole('radio', { name: '4 stars' })).toBeChecked();

    await rating.getByText('2 stars').click();
    await rating.getByRole('button', { name: 'Change rating' }).click();
    await expect(rating.getByRole('img', { name: '2.0 out of 5 stars' })).toBeVisible();
    await page.reload();
    await expect(rating.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await saveScreenshot(page, 'node-page-rating', { selector: 'section[aria-labelledby="reviews-title"]' });
    await checkA11y(page);

    await rating.getByRole('button', { name: 'Remove my rating' }).click();
    await expect(page.getByText('Your rating was removed')).toBeVisible();
    await expect(rating.getByText('Nobody has rated this pack yet.')).toBeVisible();
  });

  test('is served under its publisher, and a wrong publisher is corrected', async ({ page }) => {
    await page.goto(`/publishers/${PUBLISHER}/nodes/${PACK}`);
    await expect(page.getByRole('heading', { level: 1, name: 'E2E Demo Pack' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/publishers/${PUBLISHER}/nodes/${PACK}$`));
    await page.goto(`/publishers/someone-else/nodes/${PACK}`);
    await expect(page).toHaveURL(new RegExp(`/publishers/${PUBLISHER}/nodes/${PACK}$`));
    await page.goto('/publishers/someone-else/nodes/comfyui-impact-pack');
    await expect(page).toHaveURL(/\/nodes\/comfyui-impact-pack$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ComfyUI Impact Pack' })).toBeVisible();
  });

  test('reads well in the dark theme', async ({ page, checkA11y, saveScreenshot }) => {
    await page.addInitScript(() => localStorage.setItem('comfy-registry-theme', 'dark'));
    await page.goto(`/nodes/${PACK}`);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByText('10 nodes in version 1.1.0')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Version history' }).getByText('Live', { exact: true })).toHaveCount(
      3,
    );
    await saveScreenshot(page, 'node-page-published-dark');
    await checkA11y(page);
  });

  test('fits 360 px in Arabic with every section', async ({ page, checkA11y, saveScreenshot }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(() => localStorage.setItem('comfy-registry-language', 'ar'));
    await page.goto(`/nodes/${PACK}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'العُقد في هذه الحزمة' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'التنزيلات في آخر 90 يومًا' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'سجل الإصدارات' })).toBeVisible();
    await expect(page.getByText('10 عُقد في الإصدار 1.1.0')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'node-page-published-ar-360');
    await checkA11y(page);
  });
});

test.describe('unavailable packs', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    await ensurePublishedPack();
    const { apiUrl, users } = readState();
    const api = await request.newContext();
    try {
      const admin = await bearerFor(api, users.admin);
      const ban = await api.post(`${apiUrl}/publishers/${PUBLISHER}/nodes/${BANNED_PACK}/ban`, {
        data: { reason: 'Ships a crypto miner' },
        headers: admin,
      });
      expect([204, 409], await ban.text()).toContain(ban.status());
      const owner = await bearerFor(api, users.user);
      const gone = await api.delete(`${apiUrl}/publishers/${PUBLISHER}/nodes/${DELETED_PACK}`, { headers: owner });
      expect([204, 404], await gone.text()).toContain(gone.status());
    } finally {
      await api.dispose();
    }
  });

  test('a banned pack is explained instead of shown', async ({ page, checkA11y, saveScreenshot }) => {
    await page.goto(`/nodes/${BANNED_PACK}`);
    await expect(page.getByRole('heading', { name: 'This pack is banned' })).toBeVisible();
    await expect(page.getByText('cannot be installed from the registry')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Install' })).toHaveCount(0);
    await saveScreenshot(page, 'node-page-banned');
    await checkA11y(page);
  });

  test('an admin sees the ban and its reason', async ({ page, registry, signInAs }) => {
    await signInAs(page, registry.users.admin);
    await page.goto(`/nodes/${BANNED_PACK}`);
    await expect(page.getByRole('heading', { name: 'This pack is banned' })).toBeVisible();
    await expect(page.getByText('Reason: Ships a crypto miner')).toBeVisible();
  });

  test('a deleted pack says it may have been deleted', async ({ page }) => {
    await page.goto(`/nodes/${DELETED_PACK}`);
    await expect(page.getByRole('heading', { name: 'Pack not found' })).toBeVisible();
    await expect(page.getByText('It may have been deleted by its publisher')).toBeVisible();
  });
});
