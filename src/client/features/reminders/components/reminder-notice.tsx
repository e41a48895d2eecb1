import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import {
  type ReminderAction,
  type ReminderPushPayload,
  reminderPushPayloadSchema,
} from '../../../../shared/schemas/reminder.ts';
import { remindersApi } from '../api.ts';

const m = messages.reminders;

/**
 * While the app is open, a reminder the service worker receives (it posts each push to open tabs) also
 * shows here, with Done and Snooze buttons; any action taken in a notification refreshes the lists.
 */
export function ReminderNotice() {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<ReminderPushPayload | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; payload?: unknown } | null;
      if (data?.type === 'jotlist-reminder') {
        const parsed = reminderPushPayloadSchema.safeParse(data.payload);
        if (parsed.success) setShown(parsed.data);
      } else if (data?.type === 'jotlist-reminder-action') {
        void queryClient.invalidateQueries();
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [queryClient]);

  if (!shown) return null;
  const act = async (action: ReminderAction) => {
    setShown(null);
    await remindersApi.act(shown.token, action).catch(() => undefined);
    await queryClient.invalidateQueries();
  };
  return (
    <div
      role="status"
      className="fixed top-4 right-4 z-50 flex max-w-sm items-start gap-3 rounded-xl bg-white px-4 py-3 text-sm shadow-lg ring-1 ring-slate-200"
    >
      <Bell className="mt-0.5 h-4 w-4 text-blue-600" aria-hidden="true" />
      <div className="space-y-2">
        <p className="font-semibold text-slate-900">{shown.title}</p>
        <p className="text-slate-600">{shown.body}</p>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => act('done')}
            className="rounded-md bg-slate-900 px-2.5 py-1 text-white focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {m.done}
          </button>
          <button
            type="button"
            onClick={() => act('snooze10')}
            className="rounded-md px-2.5 py-1 ring-1 ring-slate-300 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {m.snooze}
          </button>
          <button
            type="button"
            onClick={() => setShown(null)}
            className="rounded-md px-2.5 py-1 text-slate-500 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            Dismiss
          </button>
        </div>
      </div>
    </div>
  );
}
