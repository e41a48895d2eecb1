/**
 * The first drag of a session begins before dnd-kit is there (lazy-dnd.tsx loads it then). What the
 * person does meanwhile is recorded, held back from the page, and replayed once the rows are sortable:
 * the pointer's press, moves and release, or the grip's keys (Space, arrows, Space or Escape). So a drag
 * faster than the download (a quick flick, a test driver) still lands where it was dropped.
 */

type Load = () => Promise<unknown>;

interface Recorded {
  type: string;
  init: PointerEventInit & KeyboardEventInit;
}

interface Gesture {
  kind: 'pointer' | 'keyboard';
  /** The row's drag id (`note:<uuid>`): where the replay starts once the rows are sortable. */
  id: string;
  start: Recorded;
  queue: Recorded[];
  loading: boolean;
  stop(): void;
}

/** As the PointerSensor's activation constraint (tree-dnd-kit.tsx): less is a click, not a drag. */
const dragDistance = 5;
/** A download that takes longer gives the keys back to the page (the drag simply does not happen). */
const giveUpAfterMs = 5000;

let gesture: Gesture | null = null;

const pointerInit = (event: PointerEvent): Recorded => ({
  type: event.type,
  init: {
    clientX: event.clientX,
    clientY: event.clientY,
    screenX: event.screenX,
    screenY: event.screenY,
    pointerId: event.pointerId,
    pointerType: event.pointerType,
    isPrimary: event.isPrimary,
    button: event.button,
    buttons: event.buttons,
  },
});

const keyInit = (event: KeyboardEvent): Recorded => ({
  type: event.type,
  init: {
    key: event.key,
    code: event.code,
    shiftKey: event.shiftKey,
    ctrlKey: event.ctrlKey,
    altKey: event.altKey,
    metaKey: event.metaKey,
  },
});

function end(ended: Gesture) {
  ended.stop();
  if (gesture === ended) gesture = null;
}

function track(started: Omit<Gesture, 'stop'>, listeners: [string, (event: Event) => void][]) {
  for (const [type, listener] of listeners) window.addEventListener(type, listener, true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const current: Gesture = {
    ...started,
    stop() {
      clearTimeout(timer);
      for (const [type, listener] of listeners) window.removeEventListener(type, listener, true);
    },
  };
  gesture = current;
  return {
    current,
    load(load: Load) {
      current.loading = true;
      timer = setTimeout(() => end(current), giveUpAfterMs);
      load().catch(() => end(current));
    },
  };
}

/** A press on a row that is not sortable yet: a drag once it moves `dragDistance` px, then `load`. */
export function beginPointerGesture(id: string, down: PointerEvent, load: Load) {
  if (gesture || down.button !== 0 || !down.isPrimary) return;
  const startX = down.clientX;
  const startY = down.clientY;
  const follow = (event: Event) => {
    if (!(event instanceof PointerEvent) || !event.isTrusted || event.pointerId !== down.pointerId) return;
    if (!current.loading) {
      if (event.type !== 'pointermove') return end(current); // released or cancelled: a click
      if (Math.hypot(event.clientX - startX, event.clientY - startY) < dragDistance) return;
      loading(load);
    }
    // Held back: dnd-kit, once listening, must see these in order, replayed, before the live ones.
    event.stopImmediatePropagation();
    current.queue.push(pointerInit(event));
  };
  const { current, load: loading } = track(
    { kind: 'pointer', id, start: pointerInit(down), queue: [], loading: false },
    [
      ['pointermove', follow],
      ['pointerup', follow],
      ['pointercancel', follow],
    ],
  );
}

/** Space or Enter on the grip of a row that is not sortable yet: `load`, and keep the keys that follow. */
export function beginKeyboardGesture(id: string, press: KeyboardEvent, load: Load) {
  if (gesture || (press.code !== 'Space' && press.code !== 'Enter')) return;
  press.preventDefault();
  const hold = (event: Event) => {
    if (!(event instanceof KeyboardEvent) || !event.isTrusted) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    current.queue.push(keyInit(event));
  };
  const tracked = track({ kind: 'keyboard', id, start: keyInit(press), queue: [], loading: false }, [
    ['keydown', hold],
  ]);
  const current = tracked.current;
  tracked.load(load);
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * Called once the rows are sortable: the recorded gesture again, a frame apart (dnd-kit measures the
 * rows and picks the target between events), then the live events flow to dnd-kit directly.
 */
export async function replayGesture() {
  const replayed = gesture;
  if (!replayed?.loading) return;
  await nextFrame();
  const selector = `[data-drag-${replayed.kind === 'pointer' ? 'row' : 'handle'}="${replayed.id}"]`;
  const origin = document.querySelector<HTMLElement>(selector);
  if (!origin) return end(replayed);
  const dispatch = (target: EventTarget, { type, init }: Recorded) => {
    const options = { ...init, bubbles: true, cancelable: true, composed: true };
    target.dispatchEvent(
      replayed.kind === 'pointer' ? new PointerEvent(type, options) : new KeyboardEvent(type, options),
    );
  };
  if (replayed.kind === 'keyboard') origin.focus();
  dispatch(origin, replayed.start);
  // dnd-kit's KeyboardSensor starts listening for keys a task after the one that lifted the row.
  if (replayed.kind === 'keyboard') await new Promise((resolve) => setTimeout(resolve));
  for (let next = replayed.queue.shift(); next; next = replayed.queue.shift()) {
    await nextFrame();
    dispatch(replayed.kind === 'pointer' ? document : (document.activeElement ?? document.body), next);
  }
  end(replayed);
}
