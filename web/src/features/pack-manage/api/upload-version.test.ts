import { setTokenSource } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { uploadUrl, uploadVersion } from './upload-version';

/** A stand-in XMLHttpRequest that records the request and answers as told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: { status: number; body: string } | 'network' = { status: 201, body: '{}' };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  sent: unknown = null;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.sent = body;
    this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
    this.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true });
    const answer = FakeXhr.answer;
    if (answer === 'network') {
      this.onerror?.();
      return;
    }
    this.status = answer.status;
    this.responseText = answer.body;
    this.onload?.();
  }
}

describe('uploadUrl', () => {
  it('names the browser upload endpoint, with the changelog only when given', () => {
    expect(uploadUrl('http://api', 'acme', 'hello', '')).toBe('http://api/publishers/acme/nodes/hello/versions/upload');
    expect(uploadUrl('http://api', 'acme', 'hello', 'Fixes & more')).toBe(
      'http://api/publishers/acme/nodes/hello/versions/upload?changelog=Fixes+%26+more',
    );
  });
});

describe('uploadVersion', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    setTokenSource(async () => 'token-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setTokenSource(async () => null);
  });

  it('sends the zip with the bearer token and reports progress', async () => {
    FakeXhr.answer = { status: 201, body: JSON.stringify({ node_version: { version: '1.1.0' }, processing: {} }) };
    const file = new Blob(['zip'], { type: 'application/zip' });
    const progress: [number, number][] = [];
    const answer = await uploadVersion({
      publisherId: 'acme',
      nodeId: 'hello',
      file,
      changelog: '',
      onProgress: (sent, total) => progress.push([sent, total]),
    });
    expect(answer.node_version.version).toBe('1.1.0');
    expect(FakeXhr.last?.method).toBe('POST');
    expect(FakeXhr.last?.headers).toEqual({ 'Content-Type': 'application/zip', Authorization: 'Bearer token-1' });
    expect(FakeXhr.last?.sent).toBe(file);
    expect(progress).toEqual([
      [5, 10],
      [10, 10],
    ]);
  });

  it("rejects with the server's status and message", async () => {
    FakeXhr.answer = {
      status: 400,
      body: JSON.stringify({ message: 'The archive is for another node', error: 'pyproject.toml names "x"' }),
    };
    const failure = uploadVersion({
      publisherId: 'acme',
      nodeId: 'hello',
      file: new Blob(['zip']),
      changelog: '',
      onProgress: () => {},
    });
    await expect(failure).rejects.toMatchObject({ status: 400, message: 'The archive is for another node' });
  });

  it('rejects with status 0 when the network fails', async () => {
    FakeXhr.answer = 'network';
    const failure = uploadVersion({
      publisherId: 'acme',
      nodeId: 'hello',
      file: new Blob(['zip']),
      changelog: '',
      onProgress: () => {},
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 0 });
  });
});
