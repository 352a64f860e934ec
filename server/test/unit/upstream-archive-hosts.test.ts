import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { upstreamOptions } from '../../src/modules/mirror/upstream-client.js';

const hostsFor = (env: Record<string, string>) => upstreamOptions(loadConfig(env))?.allowedHosts;

describe('the hosts a mirror may fetch archives from besides its upstream', () => {
  it("are the public registry's storage host when mirroring it with nothing set, so the README's mirror command works", () => {
    expect(hostsFor({ UPSTREAM_URL: 'https://api.comfy.org' })).toEqual(['storage.googleapis.com']);
  });

  it('are none for any other upstream with nothing set', () => {
    expect(hostsFor({ UPSTREAM_URL: 'https://registry.example.org' })).toEqual([]);
  });

  it('are exactly the setting when it is given, for the public registry too', () => {
    expect(
      hostsFor({
        UPSTREAM_URL: 'https://api.comfy.org',
        UPSTREAM_ARCHIVE_HOSTS: ' Files.Example.org, cdn.example.org:8443 ',
      }),
    ).toEqual(['files.example.org', 'cdn.example.org:8443']);
  });
});
