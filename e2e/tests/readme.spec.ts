import { expect, test } from '../support/fixtures';
import {
  createAccessToken,
  createPublisher,
  packArchive,
  publishWithToken,
  signUpUser,
  uniqueSuffix,
} from '../support/publishing';

const README = [
  '# Hello Pack',
  '',
  '<p align="center"><img src="docs/logo.png" alt="Hello logo" width="120" onerror="window.__pwned = true"></p>',
  '',
  'Greets you in every language. See [the guide](docs/guide.md) or jump to [Installation](#installation).',
  '',
  '<script>window.__pwned = true</script>',
  '',
  '[Do not click](javascript:window.__pwned=true)',
  '',
  '## Installation',
  '',
  '```sh',
  `comfy node install hello-pack-with-a-rather-long-command-line --and --options --that --do --not --fit --on --a --phone`,
  '```',
  '',
  '| column | another column | a third column with a long heading |',
  '| --- | --- | --- |',
  `| ${'wide '.repeat(30)} | b | c |`,
  '',
  ...Array.from({ length: 12 }, (_, i) => [`Paragraph ${i + 1}: ${'text that goes on '.repeat(8)}`, '']).flat(),
  '',
  '## Usage',
  '',
  'Add the **Hello** node.',
].join('\n');

test.describe('the README on the pack page', () => {
  test("renders the latest version's README, sanitised, with URLs resolved to the version's archive", async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(300_000);
    const suffix = uniqueSuffix();
    const publisherId = `readme-${suffix}`;
    const nodeId = `e2e-readme-${suffix}`;
    const textId = `e2e-readme-text-${suffix}`;
    const bareId = `e2e-readme-none-${suffix}`;
    const user = await signUpUser(page.request, registry, 'readme');
    await createPublisher(page.request, registry, user, publisherId);
    const accessToken = await createAccessToken(page.request, registry, user, publisherId);
    const pack = { publisherId, nodeId, version: '1.0.0', accessToken };
    await publishWithToken(page.request, registry, {
      ...pack,
      zip: packArchive({ ...pack, extra: { 'README.md': README, 'docs/README.md': '# Not the pack README' } }),
    });

    await page.goto(`/nodes/${nodeId}`);
    const section = page.getByRole('region', { name: 'README' });
    await expect(section.getByRole('heading', { name: 'Hello Pack', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(section).toContainText('README.md from the archive of version 1.0.0');
    // Relative URLs resolve to this version's own archive: images from the API, links to the code view.
    const logo = section.getByRole('img', { name: 'Hello logo' });
    await expect(logo).toHaveAttribute('src', `${registry.apiUrl}/nodes/${nodeId}/versions/1.0.0/raw/docs/logo.png`);
    const guide = section.getByRole('link', { name: 'the guide' });
    await expect(guide).toHaveAttribute(
      'href',
      `${registry.webUrl}/nodes/${nodeId}/versions/1.0.0/files/docs/guide.md`,
    );
    await expect(guide).toHaveAttribute('rel', /nofollow/);
    await expect(guide).toHaveAttribute('rel', /noopener/);
    // Nothing hostile survives, and nothing ran.
    await expect(section.locator('script, [onerror], a[href^="javascript"]')).toHaveCount(0);
    await expect(section.getByText('Do not click')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    // The README's own link to a heading reaches it.
    await section.getByRole('link', { name: 'Installation' }).click();
    await expect(page).toHaveURL(/#readme-installation$/);
    await expect(section.getByRole('heading', { name: 'Installation', level: 2 })).toBeInViewport();
    await checkA11y(page);

    // A long README stays inside a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/nodes/${nodeId}`);
    await expect(section.getByRole('heading', { name: 'Usage' })).toBeAttached({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    await saveThemedScreenshots(page, 'readme-pack-page', `/nodes/${nodeId}`, async (shot) => {
      await expect(shot.getByRole('heading', { name: 'Hello Pack', level: 1 })).toBeVisible({ timeout: 15_000 });
    });

    // A plain-text README is shown as written; a pack without one has no README section.
    const text = { publisherId, nodeId: textId, version: '1.0.0', accessToken };
    await publishWithToken(page.request, registry, {
      ...text,
      zip: packArchive({ ...text, extra: { 'README.txt': 'PLAIN README\n  indented **not bold**\n' } }),
    });
    await page.goto(`/nodes/${textId}`);
    const plain = page.getByRole('region', { name: 'README' }).getByTestId('readme');
    await expect(plain).toHaveText('PLAIN README\n  indented **not bold**\n', { timeout: 15_000 });
    expect(await plain.evaluate((el) => el.tagName)).toBe('PRE');

    await publishWithToken(page.request, registry, { publisherId, nodeId: bareId, version: '1.0.0', accessToken });
    await page.goto(`/nodes/${bareId}`);
    await expect(page.getByRole('heading', { name: 'Version history' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'README', exact: true })).toHaveCount(0);
  });
});
