import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createContext } from '../../../src/context.js';
import type { DatabaseHandle } from '../../../src/db/database.js';
import { loggerOptions } from '../../../src/lib/request-log.js';
import { issueUploadTicket } from '../../../src/modules/publishing/upload-ticket.js';
import { tokenOf, waitForMail } from '../../auth/support/outbox.js';
import { testConfig } from '../../helpers/config.js';
import { createTestDatabase } from '../../helpers/database.js';
import { factoriesFor } from '../../helpers/factories.js';

interface LogLine {
  level: number;
  msg?: string;
  req?: { url?: string };
  [key: string]: unknown;
}

const WARN = 40;
const ERROR = 50;
const opened: Array<{ app: FastifyInstance; database: DatabaseHandle }> = [];
afterEach(async () => {
  for (const { app, database } of opened.splice(0)) {
    await app.close();
    await database.destroy();
  }
});

/** The real app with the production logger options, writing its log lines into an array. */
async function appWithLog(env: Record<string, string> = {}) {
  const lines: LogLine[] = [];
  let raw = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw += String(chunk);
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = testConfig({ EMAIL_VERIFICATION_REQUIRED: 'true', ...env });
  const database = await createTestDatabase();
  const ctx = createContext(config, database);
  const app = await buildApp(ctx, { logger: { ...loggerOptions('info'), stream } });
  await app.ready();
  opened.push({ app, database });
  return { app, ctx, config, lines, text: () => raw };
}

describe('request log', () => {
  it('never carries upload URL secrets or e-mail confirmation tokens', async () => {
    const { app, ctx, config, lines, text } = await appWithLog();
    const factories = factoriesFor(ctx);
    const publisher = await factories.publisher();
    const node = await factories.node({ publisher_id: publisher.id });
    const version = await factories.version({ node_id: node.id });
    const { url } = await issueUploadTicket(ctx.db, version.id, {
      publicApiUrl: config.server.PUBLIC_API_URL,
      ttlSeconds: 3600,
      now: new Date(),
    });
    const uploadPath = new URL(url).pathname;
    const uploadSecret = uploadPath.split('/').pop() ?? '';
    expect(uploadSecret.length).toBeGreaterThan(20);
    await app.inject({
      method: 'PUT',
      url: uploadPath,
      payload: 'not a zip',
      headers: { 'content-type': 'application/zip' },
    });

    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'ada@example.com', password: 'a-long-password-1', name: 'Ada' },
    });
    expect(signUp.statusCode).toBe(200);
    const outbox = path.join(config.database.DATA_DIR, 'outbox');
    const token = tokenOf((await waitForMail(outbox, 'ada@example.com', /Confirm/)).link);
    expect(token.length).toBeGreaterThan(10);
    const verify = await app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=%2F`,
    });
    expect(verify.statusCode).toBeLessThan(500);
    await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(`${token}x`)}` });
    await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'ada@example.com' },
    });
    const resetToken = tokenOf((await waitForMail(outbox, 'ada@example.com', /password/i)).link);
    await app.inject({ method: 'GET', url: `/api/auth/reset-password/${resetToken}?callbackURL=%2F` });

    const urls = lines.map((l) => l.req?.url).filter((u): u is string => u !== undefined);
    expect(urls).toContain('/uploads/[redacted]');
    expect(urls).toContain('/api/auth/verify-email?token=[redacted]&callbackURL=%2F');
    for (const secret of [uploadSecret, token, resetToken].filter(Boolean)) {
      expect(text()).not.toContain(secret);
      expect(text()).not.toContain(encodeURIComponent(secret));
    }
  });

  it('logs junk from anonymous clients at warn at most, never error', async () => {
    const { app, lines } = await appWithLog({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' });
    const junk = [
      { method: 'GET' as const, url: '/api/auth/callback/github?code=forged&state=forged' },
      { method: 'GET' as const, url: '/api/auth/callback/github' },
      { method: 'GET' as const, url: '/api/auth/reset-password/forged?callbackURL=%2F' },
      { method: 'POST' as const, url: '/api/auth/sign-in/social', payload: { provider: 'nope' } },
      { method: 'POST' as const, url: '/api/auth/verify-email', payload: {} },
      { method: 'GET' as const, url: '/auth/token', headers: { cookie: 'registry.session_token=forged.abc' } },
      { method: 'GET' as const, url: '/no/such/route' },
      { method: 'GET' as const, url: '/users', headers: { authorization: 'Bearer not-a-token' } },
      { method: 'GET' as const, url: '/users', headers: { authorization: 'Basic abc' } },
      {
        method: 'POST' as const,
        url: '/api/auth/sign-in/email',
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      },
      { method: 'POST' as const, url: '/api/auth/sign-in/email', payload: { email: 42 } },
      { method: 'GET' as const, url: '/api/auth/verify-email?token=forged' },
      {
        method: 'POST' as const,
        url: '/api/auth/reset-password',
        payload: { token: 'forged', newPassword: 'a-long-password-1' },
      },
      { method: 'GET' as const, url: '/nodes?page=abc' },
      { method: 'POST' as const, url: '/publishers', payload: { id: 'x' } },
      { method: 'GET' as const, url: '/nodes/%E0%A4%A' },
      { method: 'GET' as const, url: '/nodes/x%00y' },
      {
        method: 'POST' as const,
        url: '/api/auth/sign-in/email',
        payload: 'x',
        headers: { 'content-type': 'text/weird' },
      },
      { method: 'PUT' as const, url: '/uploads/forged', payload: 'x', headers: { 'content-type': 'application/zip' } },
      { method: 'GET' as const, url: '/files/a/b/1.0.0/node.zip' },
    ];
    for (const request of junk) {
      const res = await app.inject(request);
      expect(res.statusCode, request.url).toBeGreaterThanOrEqual(300);
      expect(res.statusCode, request.url).toBeLessThan(500);
    }
    expect(lines.filter((l) => l.level >= ERROR)).toEqual([]);
    // What the identity layer has to say about forged OAuth callbacks is still there, at warn.
    expect(lines.filter((l) => l.level === WARN).map((l) => l.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/state/i)]),
    );
  });

  it('warns once when requests come through a proxy while TRUST_PROXY is off', async () => {
    const proxied = { method: 'GET' as const, url: '/auth/config', headers: { 'x-forwarded-for': '203.0.113.5' } };
    const off = await appWithLog();
    await off.app.inject({ method: 'GET', url: '/auth/config' });
    expect(off.lines.filter((l) => /TRUST_PROXY/.test(l.msg ?? ''))).toEqual([]);
    await off.app.inject(proxied);
    await off.app.inject(proxied);
    const warnings = off.lines.filter((l) => /TRUST_PROXY/.test(l.msg ?? ''));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(WARN);

    const on = await appWithLog({ TRUST_PROXY: 'true' });
    await on.app.inject(proxied);
    expect(on.lines.filter((l) => /TRUST_PROXY/.test(l.msg ?? ''))).toEqual([]);
  });
});
