import { type MouseEvent, type PointerEvent, useEffect, useRef } from 'react';

/** As long as a phone's own long-press (Android's is 500 ms); a finger that moves further is scrolling. */
const HOLD_MS = 500;
const SLOP_PX = 8;

/**
 * A finger held still on a row opens its menu, as on a phone's own lists. Touch only: a mouse has its
 * hover and right-click. The tap that ends a long-press is not a click (it would open the row), and the
 * browser's own long-press menu stays shut. Spread the handlers on the row; `onPointerDown` composes with
 * the row's own (drag) handler through `chain`.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<number | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const latest = useRef(onLongPress);
  latest.current = onLongPress;

  const cancel = () => {
    window.clearTimeout(timer.current);
    start.current = null;
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return {
    chain(own?: (event: PointerEvent<HTMLDivElement>) => void) {
      return (event: PointerEvent<HTMLDivElement>) => {
        own?.(event);
        if (event.pointerType !== 'touch' || event.button !== 0) return;
        fired.current = false;
        start.current = { x: event.clientX, y: event.clientY };
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => {
          start.current = null;
          fired.current = true;
          latest.current();
        }, HOLD_MS);
      };
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > SLOP_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onContextMenu(event: MouseEvent<HTMLDivElement>) {
      if (fired.current || start.current) event.preventDefault();
    },
    onClickCapture(event: MouseEvent<HTMLDivElement>) {
      if (!fired.current) return;
      fired.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
