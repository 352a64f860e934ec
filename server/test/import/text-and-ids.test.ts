import { describe, expect, it } from 'vitest';
import { normalizeRepositoryUrl } from '../../src/lib/repository-url.js';
import { isValidNodeId, lastPathSegment, repairNodeId } from '../../src/modules/catalogue-import/node-id.js';
import { htmlToPlainText, truncateText } from '../../src/modules/catalogue-import/text.js';

describe('node ids', () => {
  it.each([
    ['comfyui-impact-pack', 'comfyui-impact-pack'],
    ['SATA UtilityNode', 'SATA-UtilityNode'],
    ["leoleexh's Custom-Nodes", 'leoleexh-s-Custom-Nodes'],
    ['-ComfyUI-GoogleAIStudio', 'ComfyUI-GoogleAIStudio'],
    ['ComfyUI-SAMURAI--SAM2-', 'ComfyUI-SAMURAI-SAM2'],
    ['a..b', 'a..b'],
    [`${'x'.repeat(99)}-yy`, 'x'.repeat(99)],
    ['日本語', null],
    ['___', null],
    ['', null],
  ])('%j normalises to %j', (input, expected) => {
    expect(repairNodeId(input)).toBe(expected);
  });

  it('applies the registry rules', () => {
    expect(isValidNodeId('1abc')).toBe(true);
    expect(isValidNodeId('a'.repeat(101))).toBe(false);
    expect(isValidNodeId('a_')).toBe(false);
    expect(isValidNodeId('a b')).toBe(false);
  });

  it.each([
    ['https://github.com/cubiq/ComfyUI_IPAdapter_plus', 'ComfyUI_IPAdapter_plus'],
    ['https://github.com/a/b.git/', 'b'],
    ['https://civitai.com/models/19625?modelVersionId=23296', '19625'],
    ['https://example.test/x%20y', 'x y'],
  ])('takes the last path segment of %s', (url, expected) => {
    expect(lastPathSegment(url)).toBe(expected);
  });
});

describe('descriptions', () => {
  it('removes HTML elements and comments but keeps other angle-bracket text and emoji', () => {
    expect(htmlToPlainText('Nodes 🎉 <b>bold</b><br>2. <a href="x">link</a> <!-- hidden -->')).toBe(
      'Nodes 🎉 bold\n2. link',
    );
    expect(htmlToPlainText('Use <lora:name:1.0>, strip <think> blocks, <pad> tokens, <! !> wildcards')).toBe(
      'Use <lora:name:1.0>, strip <think> blocks, <pad> tokens, <! !> wildcards',
    );
    expect(htmlToPlainText('a &amp; b &lt;c&gt; &#128512; &bogus;')).toBe('a & b <c> 😀 &bogus;');
  });

  it('cuts over-long text at a word break with an ellipsis, within the limit', () => {
    expect(truncateText('short', 10)).toBe('short');
    expect(truncateText('x'.repeat(10), 10)).toBe('x'.repeat(10));
    const words = 'lorem ipsum '.repeat(100);
    const cut = truncateText(words, 1000);
    expect(cut.length).toBeLessThanOrEqual(1000);
    expect(cut.length).toBeGreaterThan(800);
    expect(cut.endsWith('ipsum…') || cut.endsWith('lorem…')).toBe(true);
    // One long word: cut inside it rather than throwing most of the text away.
    expect(truncateText('y'.repeat(2000), 1000)).toBe(`${'y'.repeat(999)}…`);
  });

  it('never splits an emoji in two', () => {
    const text = `${'a'.repeat(998)}😀😀`;
    const cut = truncateText(text, 1000);
    expect(cut).toBe(`${'a'.repeat(998)}…`);
  });
});

describe('repository URLs', () => {
  it.each([
    ['https://github.com/ltdrdata/ComfyUI-Impact-Pack', 'github.com/ltdrdata/comfyui-impact-pack'],
    ['http://www.GitHub.com/a/b.git/', 'github.com/a/b'],
    ['htps://github.com/a/b', 'github.com/a/b'],
    ['git.mmaker.moe/mmaker/x/', 'git.mmaker.moe/mmaker/x'],
  ])('%s → %s', (url, expected) => {
    expect(normalizeRepositoryUrl(url)).toBe(expected);
  });
});
