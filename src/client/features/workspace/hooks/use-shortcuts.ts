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
}

/**
 * The workspace's keyboard shortcuts. Ctrl/Cmd+K works everywhere (text fields too: it types nothing);
 * the single keys only where a key would type nothing: outside text fields, the editor, dialogs and menus.
 */
export function useShortcuts(handlers: ShortcutHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
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
      const action = { n: h.create, '/': h.search, '?': h.showShortcuts }[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
