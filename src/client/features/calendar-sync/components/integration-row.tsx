import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { CalendarIntegration } from '../../../../shared/schemas/calendar-sync.ts';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { calendarLabel, providerNames } from '../provider-labels.ts';
import { DisconnectDialog } from './disconnect-dialog.tsx';

interface IntegrationRowProps {
  integration: CalendarIntegration;
  busy: boolean;
  onToggle(isActive: boolean): void;
  onReconnect(): void;
  onDisconnect(): void;
}

/** One connected calendar: what and whose it is, the Active switch, reconnect when refused, Disconnect. */
export function IntegrationRow({
  integration,
  busy,
  onToggle,
  onReconnect,
  onDisconnect,
}: IntegrationRowProps) {
  const [confirming, setConfirming] = useState(false);
  const switchId = useId();
  const provider = providerNames[integration.provider];
  const calendar = calendarLabel(integration.calendarName);
  const name = `${provider} (${calendar})`;
  const refused = integration.status === 'reconnect';

  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-3.5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900">{provider}</p>
          <p className="truncate text-sm text-slate-700">{calendar}</p>
          {integration.accountLabel ? (
            <p className="truncate text-xs text-slate-500">{integration.accountLabel}</p>
          ) : null}
        </div>
        <label htmlFor={switchId} className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            aria-checked={integration.isActive}
            aria-label={`Active: ${name}`}
            checked={integration.isActive}
            disabled={busy || refused}
            onChange={(event) => onToggle(event.target.checked)}
            className="h-4 w-4 rounded border-slate-300 accent-blue-600"
          />
          Active
        </label>
      </div>
      {refused ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
          <TriangleAlert className="h-4 w-4 shrink-0 text-amber-600" aria-hidden="true" />
          <p className="min-w-0 flex-1">{messages.calendar.reconnect}</p>
          <ActionButton variant="secondary" onClick={onReconnect} aria-label={`Reconnect ${name}`}>
            Reconnect
          </ActionButton>
        </div>
      ) : null}
      <div className="flex justify-end">
        <ActionButton
          variant="secondary"
          disabled={busy}
          onClick={() => setConfirming(true)}
          aria-label={`Disconnect ${name}`}
        >
          Disconnect
        </ActionButton>
      </div>
      <DisconnectDialog open={confirming} onOpenChange={setConfirming} name={name} onConfirm={onDisconnect} />
    </li>
  );
}
