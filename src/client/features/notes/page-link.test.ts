import { describe, expect, it } from 'vitest';
import { pageIdOf, pagePath } from './page-link.ts';

describe("a page's address", () => {
  it('names the page, and reads back to the same id', () => {
    const id = '30000000-0000-4000-8000-000000000001';
    expect(pagePath(id)).toBe(`/app/pages/${id}`);
    expect(pageIdOf(pagePath(id))).toBe(id);
    expect(pageIdOf(`${pagePath(id)}/`)).toBe(id);
  });

  it('is no page for the workspace itself or anything else', () => {
    expect(pageIdOf('/app')).toBeNull();
    expect(pageIdOf('/app/pages/')).toBeNull();
    expect(pageIdOf('/app/pages/a/b')).toBeNull();
    expect(pageIdOf('/blog/pages/x')).toBeNull();
  });

  it('keeps a malformed escape as it is (then not found like any unknown id)', () => {
    expect(pageIdOf('/app/pages/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
