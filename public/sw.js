// Jotlist's service worker: keeps the app shell of the current build for offline starts, and shows
// the reminders the server pushes and acts on their buttons. Plain JS with no build step, served at
// /sw.js (scope /) with `cache-control: no-cache` so an update is seen at once. The build writes
// `self.jotlistBuild` ({ id, files }) on the first line (scripts/vite-service-worker-build.ts); without
// it (`vite dev`) nothing is cached. The reminder buttons work without a session (a worker may not have
// the cookie): each notification carries a signed token for its one task, posted to /api/reminders/actions.
const actions = [
  { action: 'done', title: 'Done' },
  { action: 'snooze10', title: 'Snooze 10 min' },
  { action: 'tomorrow', title: 'Tomorrow' },
];

const build = self.jotlistBuild || null;
const cachePrefix = 'jotlist-shell-';
const cacheName = build ? cachePrefix + build.id : null;
const shellPath = '/index.html';

async function cacheShell() {
  if (!build) return;
  const cache = await caches.open(cacheName);
  // `reload`: past the HTTP cache, so the files stored are this build's and not an older copy.
  await cache.addAll(build.files.map((file) => new Request(file, { cache: 'reload' })));
}

// The first worker takes over at once (there is no older app to break). A later one waits: its build
// may expect a newer API than the open page's code, so the page offers Reload and only then asks it
// to take over (the `skip-waiting` message below).
self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => (self.registration.active ? undefined : self.skipWaiting())));
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
});

async function dropOldCaches() {
  for (const name of await caches.keys()) {
    if (name.startsWith(cachePrefix) && name !== cacheName) await caches.delete(name);
  }
}

self.addEventListener('activate', (event) =>
  event.waitUntil(dropOldCaches().then(() => self.clients.claim())),
);

const inApp = (path) => path === '/app' || path.startsWith('/app/');

// Network first: a new build's page is served as soon as the server has it; offline, the kept shell.
async function navigate(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(shellPath, { cacheName });
    if (shell) return shell;
    throw error;
  }
}

// Cache first: a built file never changes under its name, and the cache holds only this build's.
async function builtFile(request) {
  const kept = await caches.match(request, { cacheName, ignoreSearch: true });
  return kept || fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (!build || request.method !== 'GET') return;
  const url = new URL(request.url);
  // The API is never cached here: its answers are the account's data and must be current.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    if (inApp(url.pathname)) event.respondWith(navigate(request));
    return;
  }
  if (build.files.includes(url.pathname)) event.respondWith(builtFile(request));
});

const windows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

async function tellWindows(message) {
  for (const client of await windows()) client.postMessage(message);
}

async function showReminder(payload) {
  if (!payload || typeof payload.taskId !== 'string') return;
  // Open tabs show it as a toast too (the app's reminder notice listens).
  await tellWindows({ type: 'jotlist-reminder', payload });
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.taskId,
    renotify: true,
    data: payload,
    actions,
  });
}

self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch (_) {
    payload = null;
  }
  event.waitUntil(showReminder(payload));
});

async function act(data, action) {
  const response = await fetch('/api/reminders/actions', {
    method: 'POST',
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: data.token, action }),
  });
  await tellWindows({ type: 'jotlist-reminder-action', taskId: data.taskId, action, ok: response.ok });
}

async function openTask(url) {
  const target = new URL(url || '/app', self.location.origin).href;
  for (const client of await windows()) {
    if (new URL(client.url).origin !== self.location.origin) continue;
    const focused = await client.focus();
    if (focused && 'navigate' in focused) await focused.navigate(target);
    return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data || {};
  event.notification.close();
  event.waitUntil(event.action ? act(data, event.action) : openTask(data.url));
});
