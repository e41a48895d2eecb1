import type { RefObject } from 'react';
import { SPLIT_MAX, SPLIT_MIN } from './use-sidebar-split.ts';

interface SplitHandleProps {
  value: number;
  onChange(value: number): void;
  /** The element whose height the percentage is of. */
  container: RefObject<HTMLElement | null>;
  /** What the bar resizes, for its accessible name. */
  label?: string;
}

const STEP = 5;

/** The bar between the upper and lower panes: drag it, or focus it and use the arrow keys, Home and End. */
export function SplitHandle({
  value,
  onChange,
  container,
  label = 'Resize notebooks and pages',
}: SplitHandleProps) {
  const percentAt = (clientY: number) => {
    const rect = container.current?.getBoundingClientRect();
    if (!rect || rect.height === 0) return value;
    return ((clientY - rect.top) / rect.height) * 100;
  };

  return (
    <hr
      tabIndex={0}
      aria-orientation="horizontal"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={SPLIT_MIN}
      aria-valuemax={SPLIT_MAX}
      onPointerDown={(event) => {
        event.preventDefault();
        const target = event.currentTarget;
        target.setPointerCapture(event.pointerId);
        const move = (e: PointerEvent) => onChange(percentAt(e.clientY));
        const up = () => {
          target.removeEventListener('pointermove', move);
          target.removeEventListener('pointerup', up);
        };
        target.addEventListener('pointermove', move);
        target.addEventListener('pointerup', up);
      }}
      onKeyDown={(event) => {
        const next =
          event.key === 'ArrowUp'
            ? value - STEP
            : event.key === 'ArrowDown'
              ? value + STEP
              : event.key === 'Home'
                ? SPLIT_MIN
                : event.key === 'End'
                  ? SPLIT_MAX
                  : null;
        if (next === null) return;
        event.preventDefault();
        onChange(next);
      }}
      className="mx-3 h-2 shrink-0 cursor-row-resize touch-none border-0 bg-[linear-gradient(var(--color-slate-200),var(--color-slate-200))] bg-size-[100%_1px] bg-center bg-no-repeat transition-[background-size] hover:bg-[linear-gradient(var(--color-blue-400),var(--color-blue-400))] hover:bg-size-[100%_2px] focus-visible:bg-[linear-gradient(var(--color-blue-500),var(--color-blue-500))] focus-visible:bg-size-[100%_2px] focus-visible:outline-none"
    />
  );
}
