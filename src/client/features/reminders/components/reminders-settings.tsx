import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { reminderKeys, remindersApi } from '../api.ts';
import {
  disableNotifications,
  enableNotifications,
  hasSubscription,
  type NotificationState,
  notificationState,
} from '../push-subscription.ts';

const m = messages.reminders;

/** The choices of "Default reminder for new tasks": minutes before the due time, '' = none. */
export const defaultChoices: Array<[value: string, label: string]> = [
  ['', m.none],
  ['0', m.atDue],
  ['10', '10 minutes before'],
  ['60', '1 hour before'],
  ['1440', '1 day before'],
];

/** Settings → Reminders: notifications in this browser, and the reminder new tasks get. */
export function RemindersSettings() {
  const ids = useId();
  const queryClient = useQueryClient();
  const [state, setState] = useState<NotificationState>(notificationState);
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    hasSubscription()
      .then(setSubscribed)
      .catch(() => setSubscribed(false));
  }, []);
  const enable = useMutation({
    mutationFn: enableNotifications,
    onSuccess: (permission) => {
      setState(permission);
      setSubscribed(permission === 'granted');
    },
  });
  const disable = useMutation({ mutationFn: disableNotifications, onSuccess: () => setSubscribed(false) });
  const current = useQuery({ queryKey: reminderKeys.defaultReminder, queryFn: remindersApi.defaultReminder });
  const save = useMutation({
    mutationFn: remindersApi.setDefaultReminder,
    onSuccess: (saved) => queryClient.setQueryData(reminderKeys.defaultReminder, saved),
  });
  const value =
    current.data?.minutes === null || current.data === undefined ? '' : String(current.data.minutes);

  return (
    <SettingsSection title={m.sectionTitle} icon={Bell}>
      {state === 'unsupported' ? <p className="text-sm text-slate-600">{m.unsupported}</p> : null}
      {state === 'denied' ? <FormNotice tone="error">{m.denied}</FormNotice> : null}
      {subscribed ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-emerald-700" role="status">
            {m.enabled}
          </p>
          <ActionButton variant="secondary" pending={disable.isPending} onClick={() => disable.mutate()}>
            {m.disable}
          </ActionButton>
        </div>
      ) : state !== 'unsupported' && state !== 'denied' ? (
        <ActionButton variant="secondary" pending={enable.isPending} onClick={() => enable.mutate()}>
          {m.enable}
        </ActionButton>
      ) : null}
      {enable.error ? <FormNotice tone="error">{m.enableFailed}</FormNotice> : null}
      <div>
        <label htmlFor={`${ids}-default`} className="mb-1 block text-sm font-medium text-slate-700">
          {m.defaultLabel}
        </label>
        <select
          id={`${ids}-default`}
          value={value}
          disabled={current.isPending || save.isPending}
          onChange={(event) => save.mutate(event.target.value === '' ? null : Number(event.target.value))}
          className="w-full max-w-sm rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs focus:border-blue-400 focus:ring-2 focus:ring-blue-100 focus:outline-none"
        >
          {defaultChoices.map(([choice, label]) => (
            <option key={choice} value={choice}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {save.isSuccess ? <FormNotice tone="success">{m.saved}</FormNotice> : null}
    </SettingsSection>
  );
}
