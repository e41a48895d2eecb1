import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { clearDraft, DRAFT_WRITE_DELAY_MS, draftKey, flushDraft, queueDraft, readDraft } from './drafts.ts';

const stored = (noteId: string) => {
  const raw = localStorage.getItem(draftKey(noteId));
  return raw ? (JSON.parse(raw) as { content: string }).content : null;
};
const draft = (content: string) => ({ title: 'Plan', content, baseVersion: 1 });

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  // The page is back in view for the next test (the module remembers a page being left).
  window.dispatchEvent(new Event('pageshow'));
  // All of them: a batch's timer queues its idle-time write as one more timer, which must run too, or
  // the module would wait for a write whose timer went with the fake clock.
  vi.runAllTimers();
  vi.useRealTimers();
});

it('writes a typed draft within a moment, once for a burst of keys, not in each key press', () => {
  queueDraft('a', draft('H'));
  queueDraft('a', draft('He'));
  queueDraft('a', draft('Hey'));
  expect(stored('a')).toBeNull();
  // Read back before it is written (the page reopened in this tab): the newest text.
  expect(readDraft('a')?.content).toBe('Hey');

  vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS + 250);
  expect(stored('a')).toBe('Hey');
});

it('writes queued drafts at once when the page is hidden, left or reloaded', () => {
  for (const [noteId, leave] of [
    ['hidden', () => window.dispatchEvent(new Event('pagehide'))],
    ['unload', () => window.dispatchEvent(new Event('beforeunload'))],
  ] as const) {
    queueDraft(noteId, draft(`typed before ${noteId}`));
    expect(stored(noteId)).toBeNull();
    leave();
    expect(stored(noteId)).toBe(`typed before ${noteId}`);
    window.dispatchEvent(new Event('pageshow'));
  }
});

it('while the page is being left, an edit reported late (the editor reports in pagehide) is written at once', () => {
  queueDraft('a', draft('first'));
  window.dispatchEvent(new Event('pagehide'));
  queueDraft('a', draft('first and the last key'));
  expect(stored('a')).toBe('first and the last key');

  // Back from the back/forward cache: batching again.
  window.dispatchEvent(new Event('pageshow'));
  queueDraft('a', draft('later'));
  expect(stored('a')).toBe('first and the last key');
});

it('a save about to be sent writes its draft first; a cleared draft is not written later', () => {
  queueDraft('a', draft('sent'));
  flushDraft('a');
  expect(stored('a')).toBe('sent');

  queueDraft('b', draft('saved already'));
  clearDraft('b');
  vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS + 250);
  expect(stored('b')).toBeNull();
  expect(readDraft('b')).toBeNull();
});
