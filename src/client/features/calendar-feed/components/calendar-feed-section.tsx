import { CalendarDays } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { ActionButton } from '../../../components/ui/submit-button.tsx';
import { useCalendarFeed } from '../hooks/use-calendar-feed.ts';
import { RegenerateFeedDialog } from './regenerate-feed-dialog.tsx';

const copiedForMs = 2000;

/** Clipboard API first; where it is refused (no permission, plain http), the selected input's text. */
async function copyText(input: HTMLInputElement | null, text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    input?.select();
    if (!document.execCommand('copy')) throw new Error(messages.generic);
  }
}

/**
 * The private calendar feed (docs/calendar-sync.md): a secret webcal:// link any calendar app can subscribe to,
 * with every task that has a due date. Off deletes the link; Regenerate replaces it.
 */
export function CalendarFeedSection() {
  const { query, update, regenerate } = useCalendarFeed();
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { enabled: useId(), url: useId(), completed: useId(), help: useId() };

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), copiedForMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const feed = query.data;
  const busy = update.isPending || regenerate.isPending;
  const failed = (caught: unknown) => setError(caught instanceof Error ? caught.message : messages.generic);
  const save = (body: { enabled: boolean; includeCompleted?: boolean }) => {
    setError(null);
    update.mutate(body, { onError: failed });
  };

  async function onCopy() {
    if (!feed?.url) return;
    setError(null);
    try {
      await copyText(inputRef.current, feed.url);
      setCopied(true);
    } catch (caught) {
      failed(caught);
    }
  }

  return (
    <SettingsSection
      title="Private calendar feed"
      icon={CalendarDays}
      description="Subscribe to your tasks with due dates from any calendar app. Anyone with the link can see those tasks, so keep it private."
    >
      {query.isPending ? <p className="text-sm text-slate-500">Loading…</p> : null}
      {query.isError ? <FormNotice tone="error">{query.error.message}</FormNotice> : null}
      {error ? <FormNotice tone="error">{error}</FormNotice> : null}
      {feed ? (
        <div className="space-y-4">
          <label htmlFor={ids.enabled} className="flex items-center gap-3 text-sm font-medium text-slate-800">
            <input
              id={ids.enabled}
              type="checkbox"
              role="switch"
              aria-checked={feed.enabled}
              checked={feed.enabled}
              disabled={busy}
              onChange={(event) => save({ enabled: event.target.checked })}
              className="h-4 w-4 rounded border-slate-300 accent-blue-600"
            />
            Private calendar feed
          </label>
          {feed.enabled && feed.url ? (
            <>
              <div className="space-y-1.5">
                <label htmlFor={ids.url} className="block text-sm font-medium text-slate-700">
                  Calendar link
                </label>
                <div className="flex gap-2">
                  <input
                    id={ids.url}
                    ref={inputRef}
                    readOnly
                    value={feed.url}
                    aria-describedby={ids.help}
                    onFocus={(event) => event.target.select()}
                    className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-700"
                  />
                  <ActionButton variant="secondary" onClick={onCopy}>
                    Copy link
                  </ActionButton>
                </div>
                <p role="status" className="min-h-5 text-sm text-green-700">
                  {copied ? 'Link copied!' : ''}
                </p>
              </div>
              <label htmlFor={ids.completed} className="flex items-center gap-3 text-sm text-slate-800">
                <input
                  id={ids.completed}
                  type="checkbox"
                  checked={feed.includeCompleted}
                  disabled={busy}
                  onChange={(event) => save({ enabled: true, includeCompleted: event.target.checked })}
                  className="h-4 w-4 rounded border-slate-300 accent-blue-600"
                />
                Include completed tasks
              </label>
              <div id={ids.help} className="space-y-1 text-sm text-slate-600">
                <p>
                  <strong className="font-medium text-slate-800">Apple Calendar:</strong> File → New Calendar
                  Subscription (or on iPhone, Settings → Calendar → Accounts → Add Subscribed Calendar), then
                  paste the link. Opening the link on a Mac or iPhone also offers to subscribe to the
                  calendar.
                </p>
                <p>
                  <strong className="font-medium text-slate-800">Google Calendar:</strong> Other calendars → +
                  → From URL, then paste the link. Google refreshes subscribed calendars every few hours.
                </p>
              </div>
              <ActionButton
                variant="secondary"
                pending={regenerate.isPending}
                onClick={() => setConfirming(true)}
              >
                Regenerate link
              </ActionButton>
              <RegenerateFeedDialog
                open={confirming}
                onOpenChange={setConfirming}
                onConfirm={() => {
                  setError(null);
                  setCopied(false);
                  regenerate.mutate(undefined, { onError: failed });
                }}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </SettingsSection>
  );
}
