import { renderMarkdown } from './render';

const parse = (source: string) => {
  const box = document.createElement('div');
  box.innerHTML = renderMarkdown(source);
  return box;
};

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists and code', () => {
    const box = parse('# Title\n\nSome **bold** and `code`.\n\n- one\n- two\n');
    expect(box.querySelector('h1')?.textContent).toBe('Title');
    expect(box.querySelector('strong')?.textContent).toBe('bold');
    expect(box.querySelector('code')?.textContent).toBe('code');
    expect(box.querySelectorAll('li')).toHaveLength(2);
  });

  it('shows raw HTML as text and never keeps a script', () => {
    const box = parse('Hello <script>alert(1)</script> <img src=x onerror="alert(2)"> <b onclick="x()">b</b>');
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('[onerror]')).toBeNull();
    expect(box.querySelector('[onclick]')).toBeNull();
    expect(box.textContent).toContain('<script>alert(1)</script>');
  });

  it('drops javascript: and data: link targets but keeps the text', () => {
    const box = parse('[click](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=)');
    const links = [...box.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([null, null]);
    expect(box.innerHTML).not.toMatch(/javascript:/i);
    expect(box.textContent).toContain('click');
  });

  it('marks outside links noopener nofollow ugc and opens them in a new tab', () => {
    const link = parse('[repo](https://github.com/a/b)').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://github.com/a/b');
    expect(link?.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('keeps images only over https', () => {
    const box = parse('![ok](https://example.com/a.png) ![no](http://example.com/b.png) ![js](javascript:x)');
    const images = [...box.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['https://example.com/a.png']);
    expect(images[0]?.getAttribute('alt')).toBe('ok');
  });

  it('names a ComfyUI-Manager link by its label without the a/ marker', () => {
    const link = parse('Port of [a/Robust Video Matting](https://github.com/x/y)').querySelector('a');
    expect(link?.textContent).toBe('Robust Video Matting');
    expect(link?.getAttribute('href')).toBe('https://github.com/x/y');
  });
});
