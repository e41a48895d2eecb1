/** Keyboard helpers for page-wide shortcuts. */

/** A place where a key types text: single-key shortcuts must leave it alone. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  ) {
    return true;
  }
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}

/** Focus is inside a dialog or a menu, which own their keys (Escape, arrows, typeahead). */
export function isInOverlay(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null
  );
}

/** macOS and iOS name the modifier ⌘; elsewhere it is Ctrl. */
export const isApple = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);

export const modKeyLabel = (): string => (isApple() ? '⌘' : 'Ctrl');
