import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { TestAccount } from './accounts.ts';
import type { JotlistServer } from './fixtures.ts';

/**
 * A published blog post for the accessibility journeys, made through the API by a blog admin (its own
 * sign-in, not the browser's). One per worker: the server and its database are per worker.
 */
let post: Promise<string> | undefined;

export function publishedPost(server: JotlistServer, admin: TestAccount): Promise<string> {
  post ??= publish(server, admin);
  return post;
}

async function publish(server: JotlistServer, admin: TestAccount): Promise<string> {
  const headers = {
    'content-type': 'application/json',
    origin: server.baseURL,
    'x-forwarded-for': '10.87.0.1',
  };
  const signedIn = await fetch(`${server.baseURL}/api/auth/signin`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (!signedIn.ok) throw new Error(`sign-in answered ${signedIn.status}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const slug = `a11y-${randomUUID().slice(0, 6)}`;
  const created = await fetch(`${server.baseURL}/api/blog/admin/posts`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      title: 'Checking every screen',
      slug,
      excerpt: 'A post to check the page with axe.',
      content:
        '<h2>A heading</h2><p>Some <strong>bold</strong> text and a <a href="https://example.com">link</a>.</p><ul><li>One</li><li>Two</li></ul>',
      featuredImage: null,
      categoryId: null,
      status: 'published',
      tags: ['accessibility'],
      readingTime: 2,
      metaTitle: '',
      metaDescription: '',
      publish: true,
    }),
  });
  if (created.status !== 201)
    throw new Error(`creating the post answered ${created.status}: ${await created.text()}`);
  return slug;
}

/** axe-core's serious and critical findings on what the page shows now, one line each (rule: where). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`));
}
