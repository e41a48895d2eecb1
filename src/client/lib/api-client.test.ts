import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, idempotencyKeyHeader } from './api-client.ts';

const calls: { url: string; headers: Record<string, string> }[] = [];

function answer(responses: Response[]) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, headers: { ...(init.headers as Record<string, string>) } });
    const next = responses.shift();
    if (!next) throw new Error('no more answers');
    return next;
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  calls.length = 0;
  vi.unstubAllGlobals();
});

describe('apiRequest idempotency keys', () => {
  it('sends a fresh key with every write and none with a read', async () => {
    answer([json(200, {}), json(200, {}), json(200, {})]);
    await apiRequest('/api/a', z.object({}), { method: 'POST', body: {} });
    await apiRequest('/api/a', z.object({}), { method: 'PATCH', body: {} });
    await apiRequest('/api/a', z.object({}));
    const [post, patch, get] = calls.map((call) => call.headers[idempotencyKeyHeader]);
    expect(post).toMatch(/^[0-9a-f-]{36}$/);
    expect(patch).toMatch(/^[0-9a-f-]{36}$/);
    expect(patch).not.toBe(post);
    expect(get).toBeUndefined();
  });

  it('keeps a given key, and the same key when resent after a session refresh', async () => {
    answer([
      json(401, { error: { code: 'session_expired', message: 'expired' } }),
      json(200, { user: { id: 'u', email: 'u@example.com' } }),
      json(200, {}),
    ]);
    await apiRequest('/api/a', z.object({}), { method: 'DELETE', idempotencyKey: 'k-1' });
    const writes = calls.filter((call) => call.url === '/api/a');
    expect(writes.map((call) => call.headers[idempotencyKeyHeader])).toEqual(['k-1', 'k-1']);
  });
});
