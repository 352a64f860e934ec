import { expect, test } from '../support/fixtures';
import {
  type PackToPublish,
  publisherWithToken,
  publishFlaggedVersion,
  publishWithFiles,
  uniqueSuffix,
} from '../support/publishing';
import type { E2EState } from '../support/state';

const UTIL_V1 = [
  'import os',
  '',
  '',
  'def load(path):',
  '    """Reads a file next to the pack."""',
  '    with open(os.path.join(os.path.dirname(__file__), path)) as f:',
  '        return f.read()',
  '',
].join('\n');
const UTIL_V2 = UTIL_V1.replace('        return f.read()', '        text = f.read()\n        return text.strip()');
// A minified bundle: one line well past the length that marks a file minified.
const MINIFIED = `!function(e){"use strict";${Array.from({ length: 60 }, (_, i) => `e.f${i}=function(n){return n+${i}};`).join('')}}(window);\n`;
const SCRIPT = "export function greet(name) {\n  return 'hello ' + name;\n}\n";
const README = '# Code view pack\n\n![logo](docs/logo.png)\n\nSee [the helpers](nodes/util.py).\n';
// The smallest valid PNG: one transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A pack with two clean versions (1.1.0 changes a helper and adds a script) and a third that the
 * scanner holds (1.2.0 adds loader/evil.py with exec() on line 3), published as comfy-cli does.
 */
async function packWithHistory(registry: E2EState) {
  const suffix = uniqueSuffix();
  const publisher = await publisherWithToken(registry, registry.users.user, `e2e-code-${suffix}`);
  const nodeId = `code-${suffix}`;
  const base: Omit<PackToPublish, 'version'> = {
    publisherId: publisher.id,
    nodeId,
    name: `Moderation ${nodeId}`,
    description: 'End-to-end moderation test pack',
    repository: `https://github.com/e2e-owner/${nodeId}`,
  };
  const versions: [string, Record<string, string | Buffer>][] = [
    ['1.0.0', { 'nodes/util.py': UTIL_V1, 'README.md': README, 'docs/logo.png': PNG }],
    ['1.1.0', { 'nodes/util.py': UTIL_V2, 'README.md': README, 'docs/logo.png': PNG, 'web/greet.js': SCRIPT }],
  ];
  for (const [version, extra] of versions) {
    const status = await publishWithFiles(registry, publisher, { ...base, version }, extra as Record<string, string>);
    expect(status).toBe('NodeVersionStatusActive');
  }
  return { publisher, nodeId };
}

test.describe('code view', () => {
  test('browse a version’s files: tree, highlighted file, line links, binary files, the README’s own images', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const { nodeId } = await packWithHistory(registry);

    // From the pack page's version panel.
    await page.goto(`/nodes/${nodeId}`);
    await expect(page.locator('img[alt="logo"]')).toHaveAttribute(
      'src',
      `${registry.apiUrl}/nodes/${nodeId}/versions/1.1.0/raw/docs/logo.png`,
    );
    await expect(page.getByRole('link', { name: 'the helpers' })).toHaveAttribute(
      'href',
      new RegExp(`/nodes/${nodeId}/versions/1\\.1\\.0/files/nodes/util\\.py$`),
    );
    await page.getByRole('link', { name: 'Browse the files of 1.1.0' }).click();
    await expect(page).toHaveURL(`/nodes/${nodeId}/versions/1.1.0/files`);
    await expect(page.getByRole('heading', { level: 1, name: 'Files of version 1.1.0' })).toBeVisible();
    await expect(page.getByText('6 files', { exact: false })).toBeVisible();

    const tree = page.getByRole('navigation', { name: 'Files' });
    await tree.getByText('nodes/', { exact: true }).click();
    await tree.getByRole('link', { name: 'util.py' }).click();
    await expect(page).toHaveURL(`/nodes/${nodeId}/versions/1.1.0/files/nodes/util.py`);
    const code = page.getByRole('region', { name: 'Content of nodes/util.py' });
    await expect(code).toContainText('def load(path):');
    // Highlighted: keywords carry the highlighter's classes, and the text is the file's, escaped.
    await expect(code.locator('.hljs-keyword').first()).toHaveText('import');

    await code.getByRole('link', { name: 'Line 4' }).click();
    await expect(page).toHaveURL(/#L4$/);
    await code.getByRole('link', { name: 'Line 6' }).click({ modifiers: ['Shift'] });
    await expect(page).toHaveURL(/#L4-L6$/);
    await expect(code.locator('[data-line="5"]')).toHaveClass(/bg-amber-100/);
    await checkA11y(page);

    // A shared link to a range opens with the range marked.
    await page.goto(`/nodes/${nodeId}/versions/1.1.0/files/nodes/util.py#L6-L8`);
    await expect(page.locator('[data-line="7"]')).toHaveClass(/bg-amber-100/);

    await page.goto(`/nodes/${nodeId}/versions/1.1.0/files/docs/logo.png`);
    await expect(page.getByText(/^Binary file \(\d+ B\)/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      `${registry.apiUrl}/nodes/${nodeId}/versions/1.1.0/raw/docs/logo.png`,
    );

    await saveThemedScreenshots(
      page,
      'code-file',
      `/nodes/${nodeId}/versions/1.1.0/files/nodes/util.py#L4-L6`,
      async (shot) => {
        await expect(shot.locator('[data-line="5"]')).toBeVisible();
      },
    );
  });

  test('compare two versions, unified and side by side, at a shareable address', async ({
    page,
    registry,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(180_000);
    const { nodeId } = await packWithHistory(registry);
    await page.goto(`/nodes/${nodeId}`);
    await page.getByRole('link', { name: 'Compare with 1.0.0' }).click();
    await expect(page).toHaveURL(`/nodes/${nodeId}/compare/1.0.0...1.1.0`);
    await expect(page.getByRole('heading', { level: 1, name: 'Changes from 1.0.0 to 1.1.0' })).toBeVisible();
    await expect(page.getByTestId('compare-summary')).toContainText('1 added, 0 removed, 2 changed');

    const util = page.locator('section', { has: page.getByRole('heading', { name: 'nodes/util.py' }) });
    await expect(util.getByText('Changed', { exact: true })).toBeVisible();
    await expect(util.getByRole('table')).toContainText('text = f.read()');
    await expect(util.getByRole('table')).toContainText('return f.read()');
    const added = page.locator('section', { has: page.getByRole('heading', { name: 'web/greet.js' }) });
    await expect(added.getByText('Added', { exact: true })).toBeVisible();
    await checkA11y(page);

    // The layout lives in the address, so the radio shows checked once the app has moved there.
    await page.getByRole('radio', { name: 'Side by side' }).click();
    await expect(page.getByRole('radio', { name: 'Side by side' })).toBeChecked();
    await expect(page).toHaveURL(`/nodes/${nodeId}/compare/1.0.0...1.1.0?view=split`);
    // Side by side: the old line and its replacement share a row.
    const row = util.getByRole('row', { name: /return f\.read\(\).*text = f\.read\(\)/ });
    await expect(row).toBeVisible();
    await checkA11y(page);

    await saveThemedScreenshots(page, 'code-compare', `/nodes/${nodeId}/compare/1.0.0...1.1.0`, async (shot) => {
      await expect(shot.getByRole('table').first()).toBeVisible();
    });
  });

  test('a finding opens its file at its line with the match marked; review a held version on its diff', async ({
    page,
    registry,
    signInAs,
    checkA11y,
    saveThemedScreenshots,
  }) => {
    test.setTimeout(240_000);
    const { publisher, nodeId } = await packWithHistory(registry);
    expect(await publishFlaggedVersion(registry, publisher, nodeId, '1.2.0')).toBe('NodeVersionStatusFlagged');

    // Held: not for everyone.
    const anon = await page.context().browser()?.newContext();
    const anonPage = await anon?.newPage();
    await anonPage?.goto(new URL(`/nodes/${nodeId}/versions/1.2.0/files`, registry.webUrl).toString());
    await expect(anonPage?.getByRole('alert') ?? page.locator('none')).toContainText('Sign in to see this version');
    await anon?.close();

    await signInAs(page, registry.users.admin);
    await page.goto(`/admin/review?pack=${nodeId}`);
    const card = page.getByRole('article', { name: `${nodeId}@1.2.0` });
    await card.getByRole('link', { name: 'Open in the archive' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/nodes/${nodeId}/versions/1\\.2\\.0/files/loader/evil\\.py\\?match=.*#L3$`),
    );
    const line = page.locator('[data-line="3"]');
    await expect(line).toHaveClass(/bg-amber-100/);
    // The match spans several highlighted tokens, each marked: together they are the finding's code.
    await expect
      .poll(async () => (await line.locator('mark').allTextContents()).join(''))
      .toBe('exec(base64.b64decode("cHJpbnQoMSk="))');
    await checkA11y(page);
    await saveThemedScreenshots(page, 'code-finding', page.url().replace(registry.webUrl, ''), async (shot) => {
      await expect(shot.locator('[data-line="3"] mark').first()).toBeVisible();
    });

    await page.goto(`/admin/review?pack=${nodeId}`);
    await page
      .getByRole('article', { name: `${nodeId}@1.2.0` })
      .getByRole('link', { name: 'Review the changes' })
      .click();
    await expect(page).toHaveURL(`/admin/review/${nodeId}/1.2.0`);
    await expect(page.getByText('Compared with 1.1.0, the last approved version.')).toBeVisible();
    const evil = page.locator('section', { has: page.getByRole('heading', { name: 'loader/evil.py' }) });
    await expect(evil.getByText('Added', { exact: true })).toBeVisible();
    // The finding sits under line 3 of the new file, marked new.
    const note = evil.locator('[data-finding]');
    await expect(note).toHaveCount(1);
    await expect(note.getByText('New', { exact: true })).toBeVisible();
    await checkA11y(page);
    await saveThemedScreenshots(page, 'code-review', `/admin/review/${nodeId}/1.2.0`, async (shot) => {
      await expect(shot.locator('[data-finding]').first()).toBeVisible();
    });
  });

  test('the files page offers to compare only with a version the reader may see, and minified JavaScript reads pretty-printed', async ({
    page,
    registry,
    signInAs,
  }) => {
    test.setTimeout(240_000);
    const { publisher, nodeId } = await packWithHistory(registry);
    expect(await publishFlaggedVersion(registry, publisher, nodeId, '1.2.0')).toBe('NodeVersionStatusFlagged');
    const pack = {
      publisherId: publisher.id,
      nodeId,
      version: '1.3.0',
      name: `Moderation ${nodeId}`,
      description: 'End-to-end moderation test pack',
      repository: `https://github.com/e2e-owner/${nodeId}`,
    };
    expect(
      await publishWithFiles(registry, publisher, pack, { 'nodes/util.py': UTIL_V2, 'web/bundle.min.js': MINIFIED }),
    ).toBe('NodeVersionStatusActive');

    // A visitor is offered 1.1.0, not the held 1.2.0 just before, and the comparison opens.
    await page.goto(`/nodes/${nodeId}/versions/1.3.0/files`);
    await expect(page.getByRole('link', { name: 'Compare with 1.1.0' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Compare with 1.2.0' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Compare with 1.1.0' }).click();
    await expect(page).toHaveURL(`/nodes/${nodeId}/compare/1.1.0...1.3.0`);
    await expect(page.getByTestId('compare-summary')).toBeVisible();

    // A minified bundle is one long line until pretty-printed; then each statement has its line.
    await page.goto(`/nodes/${nodeId}/versions/1.3.0/files/web/bundle.min.js`);
    const bundle = page.getByRole('region', { name: 'Content of web/bundle.min.js' });
    await expect(page.getByText(/looks minified/)).toBeVisible();
    await expect(bundle.locator('[data-line]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Pretty-print' }).click();
    await expect(page.getByRole('button', { name: 'Pretty-print' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/line numbers are those of the formatted text/)).toBeVisible();
    await expect(bundle.locator('[data-line="2"]')).toContainText('"use strict";');
    expect(await bundle.locator('[data-line]').count()).toBeGreaterThan(50);
    await page.getByRole('button', { name: 'Pretty-print' }).click();
    await expect(bundle.locator('[data-line]')).toHaveCount(1);

    // The pack's publisher may read the held version, so it is offered to them.
    await signInAs(page, registry.users.user);
    await page.goto(`/nodes/${nodeId}/versions/1.3.0/files`);
    await expect(page.getByRole('link', { name: 'Compare with 1.2.0' })).toBeVisible();
    await page.getByRole('link', { name: 'Compare with 1.2.0' }).click();
    await expect(page.getByTestId('compare-summary')).toBeVisible();
  });
});
