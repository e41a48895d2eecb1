import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { asUser, type SessionCookies } from './auth-helpers.ts';
import type { TestContext } from './test-app.ts';

/** Helpers for API tests that store files in pages (POST /api/attachments) and read them back. */

type Who = { cookies: Partial<SessionCookies> };

/** Uploads `body` as `name` for `who`, answering the raw response (a refusal is the test's to check). */
export const uploadFile = (
  ctx: TestContext,
  who: Who,
  name: string,
  type: string,
  body: Buffer,
): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/attachments?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': type },
    payload: body,
    ...asUser(who.cookies),
  });

/** Uploads and expects it stored (201): the new file's id and address. */
export async function uploadedFile(ctx: TestContext, who: Who, name: string, type: string, body: Buffer) {
  const res = await uploadFile(ctx, who, name, type, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string; name: string; type: string; size: number };
}

/** GET `url` as `who`, with extra request headers (If-None-Match, Range...). */
export function getAs(ctx: TestContext, who: Who, url: string, headers: Record<string, string> = {}) {
  const options = asUser(who.cookies);
  return ctx.app.inject({ method: 'GET', url, ...options, headers: { ...options.headers, ...headers } });
}
