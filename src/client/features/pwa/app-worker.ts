import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface AppWorkerState {
  /** A newer build's worker, installed and waiting for the page's Reload. */
  waiting: ServiceWorker | null;
  /** The browser's install offer, kept until it is used (it can be shown once). */
  installPrompt: InstallPromptEvent | null;
}

let state: AppWorkerState = { waiting: null, installPrompt: null };
const listeners = new Set<() => void>();

function update(change: Partial<AppWorkerState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useAppWorker = () => useSyncExternalStore(subscribe, () => state);

/** A worker that finished installing while another controls the page is a newer build: offer Reload. */
function watchInstalling(worker: ServiceWorker | null) {
  if (!worker) return;
  const check = () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) update({ waiting: worker });
  };
  check();
  worker.addEventListener('statechange', check);
}

async function register() {
  const registration = await navigator.serviceWorker.register('/sw.js');
  if (registration.waiting && navigator.serviceWorker.controller) update({ waiting: registration.waiting });
  watchInstalling(registration.installing);
  registration.addEventListener('updatefound', () => watchInstalling(registration.installing));
  // A tab left open for days still learns of a deploy when the person comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}

/** Listens for the browser's install offer, which may come at any time: called first thing on load. */
export function listenForInstallOffer() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for Settings' Install button instead of the browser's own mini-bar.
    event.preventDefault();
    update({ installPrompt: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => update({ installPrompt: null }));
}

let registering: Promise<void> | null = null;

/**
 * Registers the worker once per page, after the load event so it never competes with the first paint.
 * The workspace calls it, so every signed-in app load (and a sign-in within the page) has it.
 */
export function registerAppWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return Promise.resolve();
  registering ??= new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  })
    .then(register)
    .catch(() => undefined);
  return registering;
}

/** Lets the waiting worker take over, then reloads once it controls the page (the new build's code). */
export function activateUpdate() {
  const { waiting } = state;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: 'skip-waiting' });
}

/** Shows the browser's install dialog; the offer is spent either way. */
export async function promptInstall() {
  const prompt = state.installPrompt;
  if (!prompt) return;
  update({ installPrompt: null });
  await prompt.prompt();
  await prompt.userChoice;
}
