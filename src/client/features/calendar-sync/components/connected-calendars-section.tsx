import { CalendarSync, Plus } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { CalendarIntegration, OAuthProvider } from '../../../../shared/schemas/calendar-sync.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import {
  useCalendarIntegrationMutations,
  useCalendarIntegrations,
} from '../hooks/use-calendar-integrations.ts';
import { CaldavConnectForm } from './caldav-connect-form.tsx';
import { IntegrationRow } from './integration-row.tsx';

const message = (caught: unknown) => (caught instanceof Error ? caught.message : messages.generic);

/**
 * Settings → Calendars, connected calendars (docs/calendar-sync.md): connect Google or Outlook (offered only when
 * this server has their OAuth app) or any CalDAV calendar, and list what is connected, with an Active
 * switch, a reconnect action when the provider refused us, and Disconnect behind a confirmation.
 */
export function ConnectedCalendarsSection() {
  const query = useCalendarIntegrations();
  const { startOAuth, setActive, disconnect } = useCalendarIntegrationMutations();
  const [caldavOpen, setCaldavOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = query.data;

  const connect = (provider: OAuthProvider) => {
    setError(null);
    startOAuth.mutate(provider, { onError: (caught) => setError(message(caught)) });
  };
  const reconnect = (integration: CalendarIntegration) => {
    if (integration.provider === 'caldav') setCaldavOpen(true);
    else connect(integration.provider);
  };
  const busyWith = (id: string) =>
    (setActive.isPending && setActive.variables?.id === id) ||
    (disconnect.isPending && disconnect.variables === id);

  return (
    <SettingsSection
      title="Connected calendars"
      icon={CalendarSync}
      description="Send tasks with their due dates to Google Calendar, Outlook or a CalDAV calendar. Jotlist keeps the events up to date when you change the task."
    >
      {query.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          {messages.loading}
        </p>
      ) : null}
      {query.isError ? (
        <FormNotice tone="error">
          {query.error.message}{' '}
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="font-medium underline underline-offset-2"
          >
            Try again
          </button>
        </FormNotice>
      ) : null}
      {error ? <FormNotice tone="error">{error}</FormNotice> : null}
      {data ? (
        <div className="space-y-4">
          {data.integrations.length > 0 ? (
            <ul aria-label="Connected calendars" className="space-y-3">
              {data.integrations.map((integration) => (
                <IntegrationRow
                  key={integration.id}
                  integration={integration}
                  busy={busyWith(integration.id)}
                  onToggle={(isActive) => {
                    setError(null);
                    setActive.mutate(
                      { id: integration.id, isActive },
                      { onError: (caught) => setError(message(caught)) },
                    );
                  }}
                  onReconnect={() => reconnect(integration)}
                  onDisconnect={() => {
                    setError(null);
                    disconnect.mutate(integration.id, { onError: (caught) => setError(message(caught)) });
                  }}
                />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No calendar is connected yet.</p>
          )}
          <div className="flex flex-wrap gap-2">
            {data.providers.google ? (
              <ActionButton
                variant="secondary"
                pending={startOAuth.isPending && startOAuth.variables === 'google'}
                onClick={() => connect('google')}
              >
                Connect Google Calendar
              </ActionButton>
            ) : null}
            {data.providers.outlook ? (
              <ActionButton
                variant="secondary"
                pending={startOAuth.isPending && startOAuth.variables === 'outlook'}
                onClick={() => connect('outlook')}
              >
                Connect Outlook
              </ActionButton>
            ) : null}
            {data.providers.caldav && !caldavOpen ? (
              <ActionButton variant="secondary" onClick={() => setCaldavOpen(true)}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Connect a CalDAV calendar
              </ActionButton>
            ) : null}
          </div>
          <OAuthHint google={data.providers.google} outlook={data.providers.outlook} />
          {caldavOpen ? <CaldavConnectForm onDone={() => setCaldavOpen(false)} /> : null}
        </div>
      ) : null}
    </SettingsSection>
  );
}

/** Google and Outlook need an OAuth app registered by whoever runs the server (README, Calendars). */
function OAuthHint({ google, outlook }: { google: boolean; outlook: boolean }) {
  if (google && outlook) return null;
  const text =
    !google && !outlook
      ? 'Google Calendar and Outlook can be connected once this server has their OAuth apps set up (see the README).'
      : `${google ? 'Outlook' : 'Google Calendar'} can be connected once this server has its OAuth app set up (see the README).`;
  return <p className="text-xs text-slate-500">{text}</p>;
}
