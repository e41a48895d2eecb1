import { CalendarCheck, ExternalLink, Loader2, RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { messages } from '../../../../shared/messages.ts';
import type { TaskCalendarEvent } from '../../../../shared/schemas/calendar-sync.ts';
import { calendarLabel, providerNames } from '../provider-labels.ts';

interface TaskEventRowProps {
  event: TaskCalendarEvent;
  /** Just synced from the menu: the menu closed, so put the keyboard on the new link. */
  focus: boolean;
  retrying: boolean;
  /** null when the account is read-only. */
  onRetry: (() => void) | null;
}

const where = (event: TaskCalendarEvent) =>
  `${providerNames[event.provider]} · ${calendarLabel(event.calendarName)}`;

/** The task on one calendar: Synced to Calendar with View Event, Processing... or the failure with retry. */
export function TaskEventRow({ event, focus, retrying, onRetry }: TaskEventRowProps) {
  const linkRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focus) linkRef.current?.focus();
  }, [focus]);

  if (event.syncStatus === 'failed') {
    return (
      <li role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
        <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          {event.error || messages.calendar.syncFailed}
          <span className="block text-xs text-slate-500">{where(event)}</span>
        </span>
        {onRetry ? (
          <button
            type="button"
            disabled={retrying}
            onClick={onRetry}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60"
          >
            <RefreshCw className={`h-3.5 w-3.5 ${retrying ? 'animate-spin' : ''}`} aria-hidden="true" />
            Try again
          </button>
        ) : null}
      </li>
    );
  }
  if (event.syncStatus === 'pending') {
    return (
      <li role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          {messages.todos.processing}
          <span className="block text-xs text-slate-500">{where(event)}</span>
        </span>
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm text-green-800">
      <CalendarCheck className="h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="font-medium">{messages.calendar.syncedToCalendar}</span>
        <span className="block text-xs text-slate-500">{where(event)}</span>
      </span>
      {event.eventUrl ? (
        <a
          ref={linkRef}
          href={event.eventUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-blue-700 ring-1 ring-blue-200 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {messages.calendar.viewEvent}
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </li>
  );
}
