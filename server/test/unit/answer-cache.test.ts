import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache, encodableBody } from '../../src/engines/answer-cache/answer-cache.js';

const answer = (text: string) => ({ body: Buffer.from(text) });

function counted() {
  const built: string[] = [];
  const build =
    (key: string, size = 100) =>
    async () => {
      built.push(key);
      return answer(`${key}:${'x'.repeat(size)}`);
    };
  return { built, build };
}

describe('the shared answer cache', () => {
  it('answers from memory within a generation and builds again when the generation moves', async () => {
    const cache = new AnswerCache({ maxBytes: 1 << 20 });
    const { built, build } = counted();
    const first = await cache.get(1, 'k', build('k'));
    expect(await cache.get(1, 'k', build('k'))).toBe(first);
    await cache.get(2, 'k', build('k'));
    expect(built).toEqual(['k', 'k']);
    expect(cache.lookups).toEqual({ hits: 1, misses: 2 });
  });

  it('shares one build between concurrent asks for the same key, even with storing turned off', async () => {
    const cache = new AnswerCache({ maxBytes: 0 });
    const { built, build } = counted();
    const answers = await Promise.all([cache.get('t', 'k', build('k')), cache.get('t', 'k', build('k'))]);
    expect(built).toEqual(['k']);
    expect(answers[0]).toBe(answers[1]);
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops the least recently used answers once the byte budget is full', async () => {
    // Each answer is charged about 160 bytes (body x 1.5 plus key): room for three.
    const cache = new AnswerCache({ maxBytes: 500 });
    const { built, build } = counted();
    for (const key of ['a', 'b', 'c']) await cache.get(0, key, build(key));
    await cache.get(0, 'a', build('a'));
    await cache.get(0, 'd', build('d'));
    expect(cache.size.entries).toBe(3);
    expect(cache.size.bytes).toBeLessThanOrEqual(500);
    await cache.get(0, 'a', build('a'));
    await cache.get(0, 'b', build('b'));
    expect(built).toEqual(['a', 'b', 'c', 'd', 'b']);
  });

  it('refuses an answer larger than the whole budget and still answers it', async () => {
    const cache = new AnswerCache({ maxBytes: 100 });
    const { build } = counted();
    expect((await cache.get(0, 'big', build('big', 1000))).body.length).toBe(1004);
    expect(cache.size.entries).toBe(0);
  });

  it('keeps an answer from its second ask when asked to, and at once when a stored key is rebuilt', async () => {
    const cache = new AnswerCache({ maxBytes: 1 << 20, admitOnSecondAsk: true });
    const { built, build } = counted();
    await cache.get(0, 'k', build('k'));
    expect(cache.size.entries).toBe(0);
    await cache.get(0, 'k', build('k'));
    expect(cache.size.entries).toBe(1);
    await cache.get(0, 'k', build('k'));
    await cache.get(1, 'k', build('k'));
    await cache.get(1, 'k', build('k'));
    expect(built).toEqual(['k', 'k', 'k']);
  });
});

describe('a body with its compressed forms', () => {
  it('compresses quickly on the first ask, properly on the second, and keeps that form', () => {
    const text = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: `pack-${i}`, name: 'A pack of nodes' })));
    const body = encodableBody(Buffer.from(text));
    const quick = body.encoded('gzip') as Buffer;
    const proper = body.encoded('gzip') as Buffer;
    expect(gunzipSync(quick).toString()).toBe(text);
    expect(gunzipSync(proper).toString()).toBe(text);
    expect(proper).not.toBe(quick);
    expect(body.encoded('gzip')).toBe(proper);
  });

  it('leaves a body too small to gain uncompressed', () => {
    expect(encodableBody(Buffer.from('{}')).encoded('br')).toBeUndefined();
  });
});
