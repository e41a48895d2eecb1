import { useMutation } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useId, useMemo } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { authErrorMessage, changeTimeZone, useAuth } from '../../auth/index.ts';

const m = messages.todos;

/** Every zone this browser knows, with UTC (some runtimes list it only as Etc/UTC). */
function knownZones(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort();
}

/**
 * The account's time zone: a task's due time is wall-clock time there, and "today" is its day. Until
 * one is saved (an account from before sign-up sent it), the browser's is shown and meant.
 */
export function TimeZoneSection() {
  const { profile, refresh } = useAuth();
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const current = profile?.timeZone ?? browserZone;
  const zones = useMemo(() => knownZones(current), [current]);
  const ids = useId();
  const save = useMutation({ mutationFn: changeTimeZone, onSuccess: () => refresh() });

  return (
    <SettingsSection title={m.timeZoneLabel} icon={Globe}>
      <div>
        <label htmlFor={`${ids}-zone`} className="mb-1 block text-sm font-medium text-slate-700">
          {m.timeZoneLabel}
        </label>
        <select
          id={`${ids}-zone`}
          value={current}
          disabled={save.isPending}
          aria-describedby={`${ids}-hint`}
          onChange={(event) => save.mutate({ timeZone: event.target.value })}
          className="w-full max-w-sm rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs focus:border-blue-400 focus:ring-2 focus:ring-blue-100 focus:outline-none"
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id={`${ids}-hint`} className="mt-1 text-xs text-slate-500">
          {m.timeZoneHint}
        </p>
      </div>
      {save.isSuccess ? <FormNotice tone="success">{m.timeZoneSaved}</FormNotice> : null}
      {save.error ? (
        <FormNotice tone="error">{authErrorMessage(save.error, m.timeZoneFailed)}</FormNotice>
      ) : null}
    </SettingsSection>
  );
}
