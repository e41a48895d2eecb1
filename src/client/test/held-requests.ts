import { vi } from 'vitest';

/**
 * Holds every `method` request to `path` (over whatever fetch stub is in place) until the returned
 * `release` is called: what shows before the server answers can be looked at. Call after `stubApi`.
 */
export function holdRequests(method: string, path: string | RegExp): () => void {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const at = new URL(input, 'http://localhost').pathname;
    const matches = typeof path === 'string' ? at === path : path.test(at);
    if ((init.method ?? 'GET') === method && matches) await gate;
    return answer(input, init);
  });
  return () => release();
}
