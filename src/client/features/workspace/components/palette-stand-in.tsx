import { Search } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';

interface PaletteStandInProps {
  query: string;
  onQueryChange(query: string): void;
  onClose(): void;
}

/**
 * Shown while the palette's code downloads on its first opening: the same search box, focused at once, so
 * what the person types right after Ctrl/Cmd+K is kept and handed to the palette when it arrives (docs/performance.md:
 * the palette is not in the workspace's first download; nothing typed may be lost).
 */
export function PaletteStandIn({ query, onQueryChange, onClose }: PaletteStandInProps) {
  const input = useRef<HTMLInputElement>(null);
  // Focus goes back where it was when the stand-in goes, whether it closes (Escape) or the palette
  // replaces it: a layout cleanup runs before the palette's own layout effect notes where focus was, so
  // the palette returns focus there too when it closes.
  useLayoutEffect(() => {
    const before = document.activeElement;
    input.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus({ preventScroll: true });
    };
  }, []);
  return (
    <div className="fixed inset-0 z-50 bg-slate-900/40 dark:bg-black/60">
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        className="fixed top-[12vh] left-1/2 flex w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 items-center gap-2 rounded-xl bg-white px-4 shadow-2xl ring-1 ring-slate-200"
      >
        <Search className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <input
          // The palette's own box takes over with the same name and value; focus moves there.
          ref={input}
          aria-label="Search or jump to"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          placeholder="Search or jump to…"
          className="h-12 w-full bg-transparent text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none"
        />
      </div>
    </div>
  );
}
