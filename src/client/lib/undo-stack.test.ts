import { describe, expect, it } from 'vitest';
import { UNDO_MS, type UndoOffer, UndoStack } from './undo-stack.ts';

const offer = (message: string, targets: string[], log: string[] = []): UndoOffer => ({
  message,
  targets,
  undo: () => log.push(message),
});

describe('UndoStack', () => {
  it('gives an entry back once: a second press finds nothing', () => {
    const stack = new UndoStack();
    const { entry } = stack.push(offer('Task completed', ['task:a']), 0);
    expect(stack.take(entry.id, 100)?.message).toBe('Task completed');
    expect(stack.take(entry.id, 200)).toBeNull();
    expect(stack.takeLatest(300)).toBeNull();
  });

  it('keeps an entry 8 s, then lets it go', () => {
    const stack = new UndoStack();
    const first = stack.push(offer('one', ['task:a']), 0).entry;
    const second = stack.push(offer('two', ['task:b']), 1000).entry;
    expect(stack.take(first.id, UNDO_MS - 1)?.message).toBe('one');
    expect(stack.expire(UNDO_MS + 1000)).toEqual([second.id]);
    expect(stack.take(second.id, UNDO_MS + 1000)).toBeNull();
  });

  it('refuses an entry found after its time even when expire() has not run', () => {
    const stack = new UndoStack(1000);
    const { entry } = stack.push(offer('late', ['task:a']), 0);
    expect(stack.take(entry.id, 1000)).toBeNull();
  });

  it('replaces an older entry about the same thing, so undo never goes past the latest change', () => {
    const stack = new UndoStack();
    const old = stack.push(offer('Task completed', ['task:a']), 0).entry;
    const other = stack.push(offer('Renamed list', ['todo:x']), 10).entry;
    const { entry, replaced } = stack.push(offer('Priority changed', ['task:a']), 20);
    expect(replaced).toEqual([old.id]);
    expect(stack.take(old.id, 30)).toBeNull();
    expect(stack.live(30).map((e) => e.id)).toEqual([other.id, entry.id]);
  });

  it('replaces by any shared target (a move touches the thing and both parents)', () => {
    const stack = new UndoStack();
    const move = stack.push(offer('Moved', ['task:a', 'category:1', 'category:2']), 0).entry;
    const { replaced } = stack.push(offer('Moved', ['task:b', 'category:2']), 1);
    expect(replaced).toEqual([move.id]);
  });

  it('undoes the newest live entry on Ctrl+Z, then the one before', () => {
    const stack = new UndoStack();
    stack.push(offer('first', ['task:a']), 0);
    stack.push(offer('second', ['task:b']), 1);
    expect(stack.takeLatest(2)?.message).toBe('second');
    expect(stack.takeLatest(3)?.message).toBe('first');
    expect(stack.takeLatest(4)).toBeNull();
  });

  it('forgets everything about a deleted thing', () => {
    const stack = new UndoStack();
    const a = stack.push(offer('Task completed', ['task:a']), 0).entry;
    const b = stack.push(offer('Task completed', ['task:b']), 0).entry;
    expect(stack.forget('task:a')).toEqual([a.id]);
    expect(stack.live(1).map((e) => e.id)).toEqual([b.id]);
  });
});
