// Jotlist's service worker: shows the reminders the server pushes and acts on their buttons. Plain JS
// with no build step, served at /sw.js (scope /) with `cache-control: no-cache` so an update is seen at
// once. The buttons work without a session (a worker may not have the cookie): each notification
// carries a signed token for its one task, posted to /api/reminders/actions.
const actions = [
  { action: 'done', title: 'Done' },
  { action: 'snooze10', title: 'Snooze 10 min' },
  { action: 'tomorrow', title: 'Tomorrow' },
];

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
