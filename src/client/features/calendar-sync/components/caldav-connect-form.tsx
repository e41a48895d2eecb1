import { type FormEvent, useEffect, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import {
  type CaldavCalendar,
  type CaldavCredentials,
  caldavCredentialsSchema,
} from '../../../../shared/schemas/calendar-sync.ts';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCalendarIntegrationMutations } from '../hooks/use-calendar-integrations.ts';

type FieldErrors = Partial<Record<keyof CaldavCredentials, string>>;

const fieldMessages: Record<keyof CaldavCredentials, string> = {
  serverUrl: messages.calendar.caldavUrlInvalid,
  username: messages.validation.required,
  password: messages.validation.required,
};

/** Checks the fields with the server's own schema, so the form refuses exactly what the API would. */
function validate(values: CaldavCredentials): FieldErrors {
  const parsed = caldavCredentialsSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'serverUrl' || field === 'username' || field === 'password') {
      errors[field] ??= fieldMessages[field];
    }
  }
  return errors;
}

const failure = (caught: unknown) => (caught instanceof Error ? caught.message : messages.generic);
const serverFields = (caught: unknown): FieldErrors =>
  caught instanceof ApiError ? (caught.fields as FieldErrors) : {};

/**
 * Connect a CalDAV calendar (Apple iCloud, Fastmail, Nextcloud, Radicale…): the server's address, a user
 * name and an app password → `Find calendars` lists the account's calendars → pick one → `Connect`.
 * The password goes to our server only, which keeps it encrypted and never sends it back.
 */
export function CaldavConnectForm({ onDone }: { onDone(): void }) {
  const { discoverCaldav, connectCaldav } = useCalendarIntegrationMutations();
  const [values, setValues] = useState<CaldavCredentials>({ serverUrl: '', username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [calendars, setCalendars] = useState<CaldavCalendar[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const listRef = useRef<HTMLFieldSetElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Opened by a button that goes away: start the keyboard on the first field.
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  // The list replaces nothing on screen, so move focus to it: a keyboard user lands on the choice.
  useEffect(() => {
    if (calendars?.length) listRef.current?.querySelector('input')?.focus();
  }, [calendars]);

  const edit = (field: keyof CaldavCredentials) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    // Other credentials may list other calendars: pick again after any change.
    setCalendars(null);
  };

  async function onFind(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { calendars: list } = await discoverCaldav.mutateAsync(values);
      setCalendars(list);
      setChosen(list[0]?.url ?? '');
      if (list.length === 0) setProblem(messages.calendar.caldavNoCalendars);
    } catch (caught) {
      setErrors(serverFields(caught));
      setProblem(failure(caught));
    }
  }

  async function onConnect() {
    if (!chosen) return;
    setProblem(null);
    try {
      await connectCaldav.mutateAsync({ ...values, calendarUrl: chosen });
      onDone();
    } catch (caught) {
      setProblem(failure(caught));
    }
  }

  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <form
        ref={formRef}
        noValidate
        onSubmit={onFind}
        className="space-y-3"
        aria-label="Connect a CalDAV calendar"
      >
        <TextField
          label="Server URL"
          type="url"
          name="caldav-server"
          inputMode="url"
          autoComplete="url"
          placeholder="https://caldav.example.com"
          value={values.serverUrl}
          onChange={edit('serverUrl')}
          error={errors.serverUrl}
        />
        <TextField
          label="User name"
          name="caldav-username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          value={values.username}
          onChange={edit('username')}
          error={errors.username}
        />
        <PasswordField
          label="App password"
          name="caldav-password"
          autoComplete="off"
          value={values.password}
          onChange={edit('password')}
          error={errors.password}
        />
        <div className="flex flex-wrap gap-2">
          <ActionButton type="submit" variant="secondary" pending={discoverCaldav.isPending}>
            Find calendars
          </ActionButton>
          <ActionButton variant="secondary" onClick={onDone}>
            Cancel
          </ActionButton>
        </div>
      </form>
      {problem ? <FormNotice tone="error">{problem}</FormNotice> : null}
      {calendars && calendars.length > 0 ? (
        <div className="space-y-3">
          <fieldset ref={listRef} className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Calendar</legend>
            {calendars.map((calendar) => (
              <label key={calendar.url} className="flex items-center gap-2.5 text-sm text-slate-800">
                <input
                  type="radio"
                  name="caldav-calendar"
                  value={calendar.url}
                  checked={chosen === calendar.url}
                  onChange={() => setChosen(calendar.url)}
                  className="h-4 w-4 accent-blue-600"
                />
                {calendar.displayName || calendar.url}
              </label>
            ))}
          </fieldset>
          <ActionButton pending={connectCaldav.isPending} disabled={!chosen} onClick={() => void onConnect()}>
            Connect
          </ActionButton>
        </div>
      ) : null}
    </div>
  );
}
