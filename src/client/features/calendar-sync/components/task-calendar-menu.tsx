import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarPlus, ChevronDown, Download, Loader2, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { CalendarIntegration } from '../../../../shared/schemas/calendar-sync.ts';
import type { TaskDetail } from '../../../../shared/schemas/task.ts';
import { menuContentClass, menuItemClass } from '../../../components/ui/menu-styles.ts';
import { useAccountTimeZone } from '../../auth/index.ts';
import { useCalendarIntegrations } from '../hooks/use-calendar-integrations.ts';
import { useSyncTask, useTaskCalendarEvents } from '../hooks/use-task-calendar-events.ts';
import { calendarLabel, syncLabels } from '../provider-labels.ts';
import { TaskEventRow } from './task-event-row.tsx';

const m = messages.todos;

/** Hands a file to the browser's downloads: a Blob behind a temporary link, clicked and removed. */
function saveFile(fileName: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; let them finish before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** What the task's events depend on: a change of any re-reads them (the server updates them in a job). */
const revisionOf = (task: TaskDetail) =>
  `${task.updatedAt}|${task.subtasks.map((s) => `${s.id}:${s.text}:${s.completed}`).join(',')}`;

/**
 * The task panel's Calendar Integration area (docs/PRODUCT.md §2): the Add to Calendar menu offers Download .ics
 * File plus one entry per active connected calendar that does not have this task yet; each synced
 * calendar shows Synced to Calendar with View Event. Mounted only with the task panel, so the
 * integrations and events load only when a task is open. The `ics` package loads on first download.
 */
export function TaskCalendarMenu({ task, readOnly = false }: { task: TaskDetail; readOnly?: boolean }) {
  const integrations = useCalendarIntegrations();
  const events = useTaskCalendarEvents(task.id, revisionOf(task));
  const sync = useSyncTask(task.id);
  // A due time is wall-clock time in the account's zone, which may not be this browser's.
  const timeZone = useAccountTimeZone();
  const [downloading, setDownloading] = useState(false);
  const [icsFailed, setIcsFailed] = useState(false);
  const [syncError, setSyncError] = useState<{ integrationId: string; message: string } | null>(null);
  const [justSynced, setJustSynced] = useState<string | null>(null);

  const taskEvents = events.data?.events ?? [];
  const synced = new Set(taskEvents.map((event) => event.integrationId));
  const offered = (integrations.data?.integrations ?? []).filter(
    (integration) => integration.isActive && !synced.has(integration.id),
  );
  const busy = downloading || sync.isPending;
  // Spec: after a sync the Synced line replaces the Add button; it stays while other calendars remain.
  const showAdd = taskEvents.length === 0 || offered.length > 0;

  const download = async () => {
    setDownloading(true);
    setIcsFailed(false);
    try {
      const { buildTaskIcs } = await import('../../../../shared/domain/ics.ts');
      const file = buildTaskIcs(task, task.subtasks, {
        appUrl: window.location.origin,
        todoId: task.todoId,
        categoryId: task.categoryId,
        now: new Date(),
        timeZone,
        // Synced to a CalDAV calendar, the file takes that event's UID: imported there, it updates it.
        events: taskEvents,
      });
      saveFile(file.fileName, file.content);
    } catch {
      setIcsFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  const syncTo = (integrationId: string) => {
    setSyncError(null);
    sync.mutate(integrationId, {
      onSuccess: () => setJustSynced(integrationId),
      onError: (caught) =>
        setSyncError({
          integrationId,
          message: caught.message || messages.calendar.syncFailed,
        }),
    });
  };

  return (
    <section
      aria-labelledby="calendar-heading"
      aria-busy={busy || undefined}
      className="rounded-xl border border-slate-200 bg-white px-4 py-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="calendar-heading" className="text-sm font-semibold text-slate-800">
            Calendar Integration
          </h3>
          <p className="text-xs text-slate-500">Put this task on your calendar.</p>
        </div>
        {busy ? (
          <p role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            {m.processing}
          </p>
        ) : showAdd ? (
          <AddMenu offered={readOnly ? [] : offered} onDownload={() => void download()} onSync={syncTo} />
        ) : null}
      </div>
      {taskEvents.length > 0 ? (
        <ul aria-label="Calendars with this task" className="mt-3 space-y-2">
          {taskEvents.map((event) => (
            <TaskEventRow
              key={event.integrationId}
              event={event}
              focus={justSynced === event.integrationId}
              retrying={sync.isPending && sync.variables === event.integrationId}
              onRetry={readOnly ? null : () => syncTo(event.integrationId)}
            />
          ))}
        </ul>
      ) : null}
      {syncError && !synced.has(syncError.integrationId) ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-600">
          <span>{syncError.message}</span>
          <button
            type="button"
            onClick={() => syncTo(syncError.integrationId)}
            className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-medium text-red-700 underline underline-offset-2 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <RefreshCw className="h-3.5 w-3.5" aria-hidden="true" />
            Try again
          </button>
        </div>
      ) : null}
      {events.isError && (integrations.data?.integrations.length ?? 0) > 0 ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {events.error.message}
        </p>
      ) : null}
      {icsFailed && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {m.icsFailed}
        </p>
      )}
    </section>
  );
}

interface AddMenuProps {
  offered: CalendarIntegration[];
  onDownload(): void;
  onSync(integrationId: string): void;
}

function AddMenu({ offered, onDownload, onSync }: AddMenuProps) {
  // A sync replaces this menu's button with Processing... and then the event's View Event link, which
  // takes focus; Radix must not pull focus back to a trigger that is about to go away.
  const syncing = useRef(false);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex items-center gap-2 rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
        <CalendarPlus className="h-4 w-4 text-slate-500" aria-hidden="true" />
        {m.addToCalendar}
        <ChevronDown className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          onCloseAutoFocus={(event) => {
            if (syncing.current) event.preventDefault();
            syncing.current = false;
          }}
          className={`${menuContentClass} min-w-56`}
        >
          <DropdownMenu.Item onSelect={onDownload} className={menuItemClass}>
            <Download className="h-3.5 w-3.5" aria-hidden="true" />
            {m.downloadIcs}
          </DropdownMenu.Item>
          {offered.map((integration) => (
            <DropdownMenu.Item
              key={integration.id}
              onSelect={() => {
                syncing.current = true;
                onSync(integration.id);
              }}
              className={`${menuItemClass} items-start`}
            >
              <CalendarPlus className="mt-0.5 h-3.5 w-3.5" aria-hidden="true" />
              <span className="flex flex-col">
                <span>{syncLabels[integration.provider]}</span>{' '}
                <span className="text-xs text-slate-500">{calendarLabel(integration.calendarName)}</span>
              </span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
