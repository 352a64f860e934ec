import { setTokenSource } from '../../../api/client';
import { config } from '../../../lib/config';
import { archiveUrl, downloadArchive } from './archive-download';

describe('the review queue archive download', () => {
  afterEach(() => {
    setTokenSource(async () => null);
  });

  it('points at the authorised archive route, not the public /files one', () => {
    expect(archiveUrl('my pack', '1.0.0')).toBe(`${config.apiUrl}/nodes/my%20pack/versions/1.0.0/archive`);
  });

  it('fetches the archive with the identity token and hands it to the browser as a named file', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      seen.push({ url: String(input), authorization: new Headers(init?.headers).get('Authorization') });
      return new Response(new Uint8Array([80, 75, 5, 6]), { status: 200 });
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    URL.createObjectURL = () => 'blob:archive';
    URL.revokeObjectURL = () => undefined;
    setTokenSource(async () => 'token-123');

    await downloadArchive('hello', '1.2.0');

    expect(seen).toEqual([{ url: archiveUrl('hello', '1.2.0'), authorization: 'Bearer token-123' }]);
    expect(clicked).toEqual(['hello-1.2.0.zip']);
  });

  it('fails loudly when the server refuses', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 403 }));
    await expect(downloadArchive('hello', '1.2.0')).rejects.toThrow('403');
  });
});
