import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back where it was when a dialog closes. Radix does this for a dialog opened from a focused
 * button, but not for one opened from a menu item (the item is gone when the dialog mounts, so focus
 * fell to <body>) or by a keyboard shortcut after a click elsewhere. So the last element focused outside
 * any menu is remembered for the whole page, and a dialog takes it when it opens.
 */
let lastFocused: HTMLElement | null = null;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest('[role="menu"]')) lastFocused = target;
    },
    true,
  );
}

const focusable =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * For a dialog's `onCloseAutoFocus`: returns focus to the element focused before `open` turned true. When
 * that element is gone, or is about to go (`gone`: the dialog deleted the row it sits in), focus goes to
 * the first focusable element of the region it was in (the pane), never to <body>.
 */
export function useFocusReturn(open: boolean) {
  const target = useRef<{ element: HTMLElement; region: Element | null } | null>(null);

  // A layout effect runs before Radix moves focus into the dialog (a passive effect), so it still sees
  // where focus was.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const outsideMenu =
      active instanceof HTMLElement && active !== document.body && !active.closest('[role="menu"]');
    const element = outsideMenu ? active : lastFocused;
    target.current = element
      ? { element, region: element.closest('section, nav, main, [role="dialog"]') }
      : null;
  }, [open]);

  return useCallback((event: Event, gone = false) => {
    const saved = target.current;
    target.current = null;
    if (!saved) return;
    const row = saved.element.closest('li') ?? saved.element;
    const inRegion = () =>
      saved.region?.isConnected
        ? ([...saved.region.querySelectorAll<HTMLElement>(focusable)].find((el) => !row.contains(el)) ?? null)
        : null;
    const next = saved.element.isConnected && !gone ? saved.element : inRegion();
    if (!next) return;
    event.preventDefault();
    next.focus();
  }, []);
}
