import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop } from 'lucide-react';
import { useId } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { Device } from '../../../../shared/schemas/devices.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { changeNewSignInMail, devicesQueryKey, fetchDevices, signOutDevice } from '../devices-api.ts';

const m = messages.devices;
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Settings → Account → Devices: each signed-in browser, this one marked, with "Sign out" for the others. */
export function DevicesSection() {
  const queryClient = useQueryClient();
  const ids = useId();
  const devices = useQuery({ queryKey: devicesQueryKey, queryFn: fetchDevices });
  const signOut = useMutation({
    mutationFn: signOutDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
  const mail = useMutation({
    mutationFn: changeNewSignInMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });

  return (
    <SettingsSection title={m.title} icon={Laptop} description={m.description}>
      {devices.error ? <FormNotice tone="error">{m.loadFailed}</FormNotice> : null}
      {signOut.error ? <FormNotice tone="error">{m.signOutFailed}</FormNotice> : null}
      {signOut.isSuccess ? <FormNotice tone="success">{m.signedOut}</FormNotice> : null}
      <ul className="divide-y divide-slate-100" aria-label={m.title}>
        {devices.data?.devices.map((device) => (
          <DeviceRow
            key={device.id}
            device={device}
            pending={signOut.isPending && signOut.variables === device.id}
            onSignOut={() => signOut.mutate(device.id)}
          />
        ))}
      </ul>
      {devices.data ? (
        <div className="flex items-center gap-2">
          <input
            id={`${ids}-mail`}
            type="checkbox"
            checked={devices.data.newSignInMail}
            disabled={mail.isPending}
            onChange={(event) => mail.mutate({ enabled: event.target.checked })}
            className="h-4 w-4 rounded border-slate-300"
          />
          <label htmlFor={`${ids}-mail`} className="text-sm text-slate-700">
            {m.newSignInMail}
          </label>
        </div>
      ) : null}
      {mail.error ? <FormNotice tone="error">{m.saveFailed}</FormNotice> : null}
    </SettingsSection>
  );
}

function DeviceRow({
  device,
  pending,
  onSignOut,
}: {
  device: Device;
  pending: boolean;
  onSignOut: () => void;
}) {
  const name = `${device.browser} on ${device.os}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="text-sm">
        <p className="font-medium text-slate-900">
          {name}
          {device.current ? (
            <span className="ml-2 rounded bg-blue-50 px-1.5 py-0.5 text-xs font-medium text-blue-800">
              {m.thisDevice}
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600">
          {m.firstSeen} {when(device.firstSeen)} · {m.lastSeen} {when(device.lastSeen)}
        </p>
      </div>
      {device.current ? null : (
        <ActionButton
          variant="secondary"
          pending={pending}
          onClick={onSignOut}
          aria-label={`${m.signOut} ${name}`}
        >
          {m.signOut}
        </ActionButton>
      )}
    </li>
  );
}
