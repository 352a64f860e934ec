import { renderMarkdown } from './render';
import { needsMarkdown } from './syntax';

describe('needsMarkdown', () => {
  it('passes plain sentences, also over several lines, as plain text', () => {
    for (const text of [
      'Detector and detailer nodes for faces.',
      "Iterative upscaler.\nNOTE: install the 'Subpack' separately.",
      'Version 2.0 adds 3 nodes (beta); see the docs.',
    ]) {
      expect(needsMarkdown(text), text).toBe(false);
    }
  });

  it('sends anything Markdown would format to the renderer', () => {
    for (const text of [
      'Some *emphasis* here',
      'A [link](https://example.com)',
      'Visit https://example.com',
      'Visit www.example.com',
      '# Heading',
      'First paragraph.\n\nSecond paragraph.',
      '- item one\n- item two',
      '1. first',
      'Title\n=====',
      '    indented code',
      'Use `code`',
      'Tom & Jerry',
      '<b>html</b>',
      'a | table',
      '~~struck~~',
    ]) {
      expect(needsMarkdown(text), text).toBe(true);
    }
  });

  it('agrees with the renderer: plain text renders as one paragraph of the same text', () => {
    const text = "Iterative upscaler.\nNOTE: install the 'Subpack' separately.";
    const box = document.createElement('div');
    box.innerHTML = renderMarkdown(text);
    expect(box.querySelectorAll('p')).toHaveLength(1);
    expect(box.children).toHaveLength(1);
    expect(box.textContent?.trim()).toBe(text);
  });
});
