import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, stubApi } from '../../test/auth-test-helpers.tsx';
import { renderWorkspace, sampleTree, sessionReply } from '../../test/workspace-test-helpers.tsx';
import { startTreeRequest, takeArrivedTree, takeTree } from './early-tree.ts';

/**
 * docs/performance.md: on /app the tree is asked for as the page boots (main.tsx), beside the session check and the
 * workspace's code; the first workspace of the page load uses that answer instead of asking again.
 */

const treeAsked = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/notes/tree');

afterEach(async () => {
  await takeTree();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the tree asked for as the page boots', () => {
  it('is what the workspace shows, without asking for the tree a second time', async () => {
    const calls = stubApi({
      'GET /api/auth/session': sessionReply,
      'GET /api/notes/tree': { status: 200, body: sampleTree },
    });
    await startTreeRequest(Promise.resolve(true));
    renderWorkspace();
    expect(await screen.findByRole('button', { name: 'Work' })).toBeVisible();
    expect(treeAsked(calls)).toHaveLength(1);
  });

  it('is waited for when the workspace renders before it has arrived', async () => {
    let answer = () => {};
    const arrived = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const calls = stubApi({ 'GET /api/auth/session': sessionReply });
    const api = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (new URL(input, 'http://localhost').pathname !== '/api/notes/tree') return api(input, init);
      calls.push({ method: 'GET', path: '/api/notes/tree', body: undefined });
      await arrived;
      return new Response(JSON.stringify(sampleTree), { status: 200 });
    });
    const started = startTreeRequest(Promise.resolve(true));
    renderWorkspace();
    await screen.findByRole('heading', { name: 'Workspace' });
    answer();
    await started;
    expect(await screen.findByRole('button', { name: 'Work' })).toBeVisible();
    expect(treeAsked(calls)).toHaveLength(1);
  });

  it('is dropped when the first session check found nobody signed in: the workspace asks itself', async () => {
    const calls = stubApi({
      'GET /api/auth/session': sessionReply,
      'GET /api/notes/tree': { status: 200, body: sampleTree },
    });
    await startTreeRequest(Promise.resolve(false));
    renderWorkspace();
    expect(await screen.findByRole('button', { name: 'Work' })).toBeVisible();
    expect(treeAsked(calls)).toHaveLength(2);
  });

  it('is dropped on a 401: the workspace asks itself, through the silent refresh', async () => {
    let refreshed = false;
    const calls = stubApi({
      'GET /api/auth/session': sessionReply,
      'POST /api/auth/refresh': () => {
        refreshed = true;
        return sessionReply;
      },
      'GET /api/notes/tree': () =>
        refreshed
          ? { status: 200, body: sampleTree }
          : { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in' } } },
    });
    await startTreeRequest(Promise.resolve(true));
    renderWorkspace();
    expect(await screen.findByRole('button', { name: 'Work' })).toBeVisible();
    expect(treeAsked(calls)).toHaveLength(3);
    expect(calls.filter((call) => call.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('goes to one workspace only', async () => {
    stubApi({ 'GET /api/notes/tree': { status: 200, body: sampleTree } });
    await startTreeRequest(Promise.resolve(true));
    expect(takeArrivedTree()?.body).toEqual(sampleTree);
    expect(takeArrivedTree()).toBeUndefined();
    expect(await takeTree()).toBeNull();
  });
});
