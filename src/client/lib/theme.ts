import { useSyncExternalStore } from 'react';
import { readLocal, removeLocal, writeLocal } from './local-store.ts';

/**
 * The colour theme: light, dark, or the system's (the default, stored as no value). public/theme-init.js
 * applies the stored choice before the first paint and follows the system and other tabs afterwards;
 * this module changes the choice from the app and applies it at once in the same way.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const themeStorageKey = 'jotlist-theme';
/** The browser bar's colour per theme (meta theme-color); the same values as theme-init.js. */
export const themeColors = { light: '#2563eb', dark: '#0f172a' } as const;

const listeners = new Set<() => void>();

export function readThemeChoice(): ThemeChoice {
  const stored = readLocal(themeStorageKey);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

export function applyTheme(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && systemDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', dark ? themeColors.dark : themeColors.light);
}

export function setThemeChoice(choice: ThemeChoice): void {
  if (choice === 'system') removeLocal(themeStorageKey);
  else writeLocal(themeStorageKey, choice);
  applyTheme(choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it (theme-init.js applies it there; this keeps a Settings panel in step).
  const onStorage = (event: StorageEvent) => {
    if (event.key === themeStorageKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current choice, kept in step with changes made here and in other tabs. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => 'system');
}
