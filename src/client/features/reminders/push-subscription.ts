import { remindersApi } from './api.ts';

/** What this browser can do about notifications. */
export type NotificationState = 'unsupported' | 'default' | 'denied' | 'granted';

export function notificationState(): NotificationState {
  if (!('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  return Notification.permission;
}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
};

/**
 * Asks for permission (a click must start it), registers /sw.js, subscribes with the server's VAPID key
 * and saves the subscription. Answers the permission the person gave.
 */
export async function enableNotifications(): Promise<NotificationState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const { publicKey } = await remindersApi.publicKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await remindersApi.subscribe(subscription.toJSON());
  return 'granted';
}

/** True when this browser already has a push subscription (notifications were turned on here). */
export async function hasSubscription(): Promise<boolean> {
  if (notificationState() !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return Boolean(await registration?.pushManager.getSubscription());
}

/** Ends this browser's subscription here and on the server (reminders then go by e-mail). */
export async function disableNotifications(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await remindersApi.unsubscribe(subscription.endpoint);
  await subscription.unsubscribe();
}
