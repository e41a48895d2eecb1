import { useEffect, useRef } from 'react';
import { isInOverlay, isTextField } from '../../../lib/keyboard.ts';

export interface ShortcutHandlers {
  /** Ctrl/Cmd+K: opens the palette, or closes it when it is open. */
  togglePalette(): void;
  paletteOpen: boolean;
  /** `n` */
  create(): void;
  /** `/` */
  search(): void;
  /** `?` */
  showShortcuts(): void;
  /** `g` then `t` (Today) or `u` (Upcoming). */
  goTo(target: 'today' | 'upcoming'): void;
}

/** How long after `g` its second key still counts. */
const sequenceMs = 1500;
const goTargets: Record<string, 'today' | 'upcoming'> = { t: 'today', u: 'upcoming' };

/**
 * The workspace's keyboard shortcuts. Ctrl/Cmd+K works everywhere (text fields too: it types nothing);
 * the single keys only where a key would type nothing: outside text fields, the editor, dialogs and menus.
 */
export function useShortcuts(handlers: ShortcutHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    // When `g` was pressed (0: not pending): the next key picks where to go.
    let goPressedAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      const h = latest.current;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        // Another dialog (Settings, a delete confirmation) keeps the keyboard until it closes.
        if (!h.paletteOpen && isInOverlay(event.target)) return;
        event.preventDefault();
        h.togglePalette();
        return;
      }
      if (mod || event.altKey || isTextField(event.target) || isInOverlay(event.target)) return;
      const pending = goPressedAt > 0 && event.timeStamp - goPressedAt < sequenceMs;
      goPressedAt = 0;
      const target = pending ? goTargets[event.key] : undefined;
      if (target) {
        event.preventDefault();
        h.goTo(target);
        return;
      }
      if (event.key === 'g') {
        goPressedAt = event.timeStamp || 1;
        return;
      }
      const action = { n: h.create, '/': h.search, '?': h.showShortcuts }[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
