import { describe, expect, it } from 'vitest';
import { InvalidationHub } from '../../cache/invalidation-hub.ts';
import type { LiveStreamHandle } from '../../deps.ts';
import { LiveStreams } from './live-hub.ts';

/** A stream as live-stream.ts behaves: ending takes it out of the hub. */
function fakeStream(hub: LiveStreams, userId: string) {
  const stream = {
    userId,
    sessionId: `session-${userId}`,
    ended: 0,
    pump() {},
    heartbeat() {},
    end() {
      stream.ended += 1;
      hub.remove(stream);
    },
  } satisfies LiveStreamHandle & { ended: number };
  return stream;
}

describe('the live streams of an instance', () => {
  it('ends the open streams on closeAll, and a stream that arrives afterwards at once', () => {
    const hub = new LiveStreams(new InvalidationHub({ suspended: false }), { heartbeatMs: 60_000 });
    const before = fakeStream(hub, 'a');
    hub.add(before);
    expect(hub.size).toBe(1);

    hub.closeAll();
    expect(before.ended).toBe(1);

    // A request still on its way when the app began to close: nothing else would ever end it.
    const late = fakeStream(hub, 'b');
    hub.add(late);
    expect(late.ended).toBe(1);
    expect(hub.size).toBe(0);
  });
});
