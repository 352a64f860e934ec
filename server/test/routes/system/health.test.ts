import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';

describe('GET /health', () => {
  it('answers OK as plain text when the database responds', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/health');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-request-id']).toMatch(/.+/);
  });

  it('echoes a well-formed x-request-id and replaces a malformed one', async () => {
    const t = await buildTestApp();
    const good = await t.anon.get('/health', { 'x-request-id': 'abc-123' });
    expect(good.headers['x-request-id']).toBe('abc-123');
    const bad = await t.anon.get('/health', { 'x-request-id': 'a b\tc' });
    expect(bad.headers['x-request-id']).not.toBe('a b\tc');
  });
});

describe('unknown routes', () => {
  it('answer 404 with the error envelope', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/no/such/route');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route not found', error: 'GET /no/such/route' });
  });
});

describe('GET /openapi', () => {
  it('serves an OpenAPI 3.1 document that lists the health route', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/openapi');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/health');
  });

  it('serves the interactive reference at /docs', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html');
  });
});
