import { markdownToPlain, plainDescription, rangesOnPlain } from './plain-text';

describe('plainDescription', () => {
  it('drops emphasis, code and heading marks', () => {
    expect(plainDescription('**hello** _there_ `code` ~~old~~')).toBe('hello there code old');
    expect(plainDescription('# Title\n\n> quoted\n- one\n- two\n1. three')).toBe('Title quoted one two three');
    expect(plainDescription('---\n```python\nprint(1)\n```')).toBe('print(1)');
  });

  it('keeps link labels, drops ComfyUI-Manager’s a/ marker, targets and images’ addresses', () => {
    expect(plainDescription('A port of [a/Robust Video Matting (RVM)](https://github.com/x/y/) to ComfyUI')).toBe(
      'A port of Robust Video Matting (RVM) to ComfyUI',
    );
    expect(plainDescription('See [the **docs**](https://x.test "Docs") and ![logo](https://x.test/l.png)')).toBe(
      'See the docs and logo',
    );
    expect(plainDescription('Mail <mailto:a@b.test> or <b>bold</b>')).toBe('Mail mailto:a@b.test or bold');
  });

  it('leaves text that only looks like Markdown alone', () => {
    expect(plainDescription('snake_case_name and 2 * 3 and a_b')).toBe('snake_case_name and 2 * 3 and a_b');
    expect(plainDescription('NOTE:\nInstall   manually.\n')).toBe('NOTE: Install manually.');
    expect(plainDescription('\\*not emphasis\\*')).toBe('*not emphasis*');
    expect(plainDescription('')).toBe('');
  });
});

describe('rangesOnPlain', () => {
  it('moves match spans from the Markdown onto the same words of the text', () => {
    const markdown = 'Uses [a/Impact Pack](https://x.test) for **faces**';
    const plain = markdownToPlain(markdown);
    expect(plain.text).toBe('Uses Impact Pack for faces');
    const impact = markdown.indexOf('Impact');
    const faces = markdown.indexOf('faces');
    const moved = rangesOnPlain(plain, [
      { start: impact, end: impact + 'Impact Pack'.length },
      { start: faces, end: faces + 5 },
    ]);
    expect(moved.map((r) => plain.text.slice(r.start, r.end))).toEqual(['Impact Pack', 'faces']);
    // A span over the link target only has nothing left to mark.
    expect(rangesOnPlain(plain, [{ start: markdown.indexOf('x.test'), end: markdown.indexOf('x.test') + 6 }])).toEqual(
      [],
    );
  });
});
