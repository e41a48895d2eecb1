import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarPlus, ChevronDown, Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { TaskDetail } from '../../../../shared/schemas/task.ts';

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

/**
 * The Calendar Integration area: an Add to Calendar menu whose first entry downloads the task as an
 * .ics file. The `ics` package loads only when someone asks for a file (a dynamic import).
 */
export function CalendarMenu({ task }: { task: TaskDetail }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { buildTaskIcs } = await import('../../../../shared/domain/ics.ts');
      const file = buildTaskIcs(task, task.subtasks, {
        appUrl: window.location.origin,
        todoId: task.todoId,
        categoryId: task.categoryId,
        now: new Date(),
      });
      saveFile(file.fileName, file.content);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="calendar-heading"
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
        ) : (
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
                className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 text-slate-700 shadow-lg"
              >
                <DropdownMenu.Item
                  onSelect={() => void download()}
                  className="flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-slate-100"
                >
                  <Download className="h-3.5 w-3.5" aria-hidden="true" />
                  {m.downloadIcs}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        )}
      </div>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {m.icsFailed}
        </p>
      )}
    </section>
  );
}
