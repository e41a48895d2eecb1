import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/auth-test-helpers.tsx';
import { sampleNote } from '../../test/workspace-test-helpers.tsx';
import { SaverRegistry } from './note-saver.ts';

/**
 * A save that failed offline waits out a backoff of a second and more; when the network returns it goes
 * at once, so a second device editing the same page meets this text (and merges) as soon as it can.
 */

let online: boolean;
let saves: number;
beforeEach(() => {
  localStorage.clear();
  online = false;
  saves = 0;
  stubApi({
    [`PATCH /api/notes/${sampleNote.id}`]: (call) => {
      if (!online) return 'network-error';
      saves += 1;
      const body = call.body as { title: string; content: string; baseVersion: number };
      return {
        status: 200,
        body: { ...sampleNote, ...body, content: undefined, version: body.baseVersion + 1 },
      };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

it('sends a save that failed offline as soon as the network is back, not after its backoff', async () => {
  const registry = new SaverRegistry({ onSaved: () => {} });
  const saver = registry.get(sampleNote.id);
  saver.open(sampleNote);
  saver.edit({ content: 'Typed on the train' });
  saver.flush();
  // The first retry waits a second: the save below must come well before it.
  await waitFor(() => expect(saver.getSnapshot().status).toBe('offline'), { timeout: 400 });

  online = true;
  registry.retryOffline();
  await waitFor(() => expect(saver.getSnapshot().status).toBe('saved'), { timeout: 400 });
  expect(saves).toBe(1);
  expect(saver.unsaved).toBe(false);
});

it('leaves a page with nothing waiting alone when the network is back', async () => {
  online = true;
  const registry = new SaverRegistry({ onSaved: () => {} });
  const saver = registry.get(sampleNote.id);
  saver.open(sampleNote);
  registry.retryOffline();
  expect(saves).toBe(0);
  expect(saver.getSnapshot().status).toBe('idle');
});
