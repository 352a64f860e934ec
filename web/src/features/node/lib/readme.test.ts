import { config } from '../../../lib/config';
import { altFromFileName, renderReadme } from '../../../lib/markdown/render';
import { archiveUrlResolver } from './archive-urls';

const API = config.apiUrl;
const archive = archiveUrlResolver('hello-pack', '1.2.0', 'https://registry.example');

const parse = (source: string) => {
  const box = document.createElement('div');
  box.innerHTML = renderReadme(source, {
    resolveUrl: archive,
    idPrefix: 'readme-',
    ownImages: `${API}/nodes/`,
  });
  return box;
};

describe('archiveUrlResolver', () => {
  it('sends images to the version’s own archive and links to the file in the code view', () => {
    expect(archive('docs/shot.png', 'image')).toBe(`${API}/nodes/hello-pack/versions/1.2.0/raw/docs/shot.png`);
    expect(archive('./docs/../img/a b.png?raw=true', 'image')).toBe(
      `${API}/nodes/hello-pack/versions/1.2.0/raw/img/a%20b.png`,
    );
    expect(archive('/LICENSE', 'link')).toBe('https://registry.example/nodes/hello-pack/versions/1.2.0/files/LICENSE');
    expect(archive('docs/', 'link')).toBe('https://registry.example/nodes/hello-pack/versions/1.2.0/files/docs');
    expect(archive('../../../etc/passwd', 'link')).toBe(
      'https://registry.example/nodes/hello-pack/versions/1.2.0/files/etc/passwd',
    );
  });
});

describe('renderReadme', () => {
  it('resolves relative images and links against the archive and leaves absolute ones alone', () => {
    const box = parse(
      '![shot](docs/shot.png) [guide](docs/guide.md) [site](https://example.org/) ![badge](https://img.shields.io/x.svg)',
    );
    expect([...box.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      `${API}/nodes/hello-pack/versions/1.2.0/raw/docs/shot.png`,
      'https://img.shields.io/x.svg',
    ]);
    const links = [...box.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://registry.example/nodes/hello-pack/versions/1.2.0/files/docs/guide.md',
      'https://example.org/',
    ]);
    for (const link of links) expect(link.getAttribute('rel')).toBe('noopener nofollow ugc');
  });

  it('gives headings ids that the README’s own links reach', () => {
    const box = parse(
      '# Hello Pack\n\n[Install](#installation)\n\n## Installation\n\n## Installation\n\n## Ünïcode & más!\n',
    );
    expect([...box.querySelectorAll('h1, h2')].map((h) => h.id)).toEqual([
      'readme-hello-pack',
      'readme-installation',
      'readme-installation-1',
      'readme-ünïcode--más',
    ]);
    const link = box.querySelector('a');
    expect(link?.getAttribute('href')).toBe('#readme-installation');
    expect(link?.hasAttribute('target')).toBe(false);
  });

  it('keeps formatting HTML and removes scripts, iframes, styles, handlers and javascript: URLs', () => {
    const hostile = [
      '<p align="center"><img src="docs/logo.png" width="200" onerror="alert(1)" style="position:fixed"></p>',
      '<script>alert(2)</script>',
      '<iframe src="https://evil.example/"></iframe>',
      '<style>body { display: none }</style>',
      '<a href="javascript:alert(3)" onclick="alert(4)">click</a>',
      '[md link](javascript:alert(5))',
      '![x](javascript:alert(6)) <img src="http://insecure.example/x.png">',
      '<details><summary>More</summary><div id="root" class="x">hidden <b>bold</b></div></details>',
      '<form action="https://evil.example/"><input type="password"></form>',
      '<svg><script>alert(7)</script></svg><object data="x.swf"></object><embed src="x">',
    ].join('\n\n');
    const box = parse(hostile);
    expect(box.querySelector('script, iframe, style, form, svg, object, embed, input[type=password]')).toBeNull();
    expect(box.querySelector('[onerror], [onclick], [style], [class]')).toBeNull();
    expect(box.innerHTML).not.toMatch(/javascript:/i);
    expect(box.innerHTML).not.toContain('insecure.example');
    const logo = box.querySelector('p[align="center"] img');
    expect(logo?.getAttribute('src')).toBe(`${API}/nodes/hello-pack/versions/1.2.0/raw/docs/logo.png`);
    expect(logo?.getAttribute('width')).toBe('200');
    expect(box.querySelector('details summary')?.textContent).toBe('More');
    // An id from the README's HTML could shadow the page's own elements: only heading ids are set.
    expect(box.querySelector('#root')).toBeNull();
    expect(box.textContent).toContain('click');
  });

  it('lets the keyboard reach code blocks and tables, which scroll sideways on a phone', () => {
    const box = parse('```\ncode\n```\n\n| a |\n| - |\n| b |\n\n<pre tabindex="5">raw</pre>');
    expect([...box.querySelectorAll('pre, table')].map((e) => e.getAttribute('tabindex'))).toEqual(['0', '0', '0']);
  });
});

describe('README accessibility', () => {
  it('names an image without alt text by its file name, and task-list boxes by their item (axe: image-alt, label)', () => {
    const box = parse(
      '<img src="https://example.com/docs/node-graph_v2.png"> <img alt="" src="https://example.com/deco.png">\n\n- [x] Supports SDXL\n- [ ] ',
    );
    const [named, decorative] = [...box.querySelectorAll('img')];
    expect(named?.getAttribute('alt')).toBe('node graph v2');
    expect(decorative?.getAttribute('alt')).toBe('');
    const boxes = [...box.querySelectorAll('input[type="checkbox"]')];
    expect(boxes[0]?.getAttribute('aria-label')).toBe('Supports SDXL');
    expect(boxes[0]?.hasAttribute('disabled')).toBe(true);
    expect(boxes.slice(1).every((b) => b.getAttribute('aria-hidden') === 'true' || b.hasAttribute('aria-label'))).toBe(
      true,
    );
    expect(altFromFileName('https://x.org/a/My%20Screenshot.jpeg?raw=1')).toBe('My Screenshot');
  });
});
