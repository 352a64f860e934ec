import { describe, expect, it } from 'vitest';
import { sampleArchive } from '../helpers/catalogue.js';
import { startHostileUpstream } from './hostile-upstream.js';
import { buildMirror, syncNow } from './support.js';

describe('links in mirrored data', () => {
  it('keeps http(s) links and drops javascript:, data: and vbscript: ones of packs and publishers', async () => {
    const upstream = await startHostileUpstream(Buffer.from(await sampleArchive()));
    const pack = (overrides: Record<string, unknown>) => ({
      nodes: [
        {
          id: 'alpha',
          name: 'Alpha',
          publisher: { id: 'acme', name: 'Acme' },
          latest_version: { version: '1.0.0' },
          ...overrides,
        },
      ],
      totalPages: 1,
    });
    upstream.nodesPage = () =>
      pack({
        repository: 'javascript:alert(document.cookie)',
        icon: 'JavaScript:alert(1)',
        banner_url: 'data:text/html,<script>alert(1)</script>',
      });
    upstream.publisher = {
      id: 'acme',
      name: 'Acme',
      website: 'vbscript:msgbox(1)',
      logo: 'javascript:alert(1)',
      source_code_repo: 'data:text/html,x',
    };
    const mirror = await buildMirror(upstream.url);
    await syncNow(mirror, { full: true });

    const alpha = (await mirror.anon.get('/nodes/alpha')).json();
    expect(alpha).toMatchObject({ id: 'alpha', name: 'Alpha' });
    expect(alpha.repository ?? '').toBe('');
    expect(alpha.icon ?? '').toBe('');
    expect(alpha.banner_url ?? '').toBe('');
    const publisher = await mirror.ctx.db
      .selectFrom('publishers')
      .select(['website', 'logo_url', 'source_code_repo'])
      .where('id', '=', 'acme')
      .executeTakeFirstOrThrow();
    expect(publisher).toEqual({ website: '', logo_url: '', source_code_repo: '' });

    // Honest links come through as they are.
    upstream.nodesPage = () =>
      pack({
        repository: 'https://github.com/acme/alpha',
        icon: 'https://img.example/alpha.png',
        banner_url: 'http://img.example/banner.png',
      });
    upstream.publisher = {
      id: 'acme',
      name: 'Acme',
      website: 'https://acme.example',
      logo: 'https://acme.example/l.png',
    };
    await syncNow(mirror, { full: true });
    expect((await mirror.anon.get('/nodes/alpha')).json()).toMatchObject({
      repository: 'https://github.com/acme/alpha',
      icon: 'https://img.example/alpha.png',
      banner_url: 'http://img.example/banner.png',
    });
    expect(
      await mirror.ctx.db
        .selectFrom('publishers')
        .select(['website', 'logo_url'])
        .where('id', '=', 'acme')
        .executeTakeFirst(),
    ).toEqual({ website: 'https://acme.example', logo_url: 'https://acme.example/l.png' });
  });
});
