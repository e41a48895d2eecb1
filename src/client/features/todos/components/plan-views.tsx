import { useDroppable } from '@dnd-kit/core';
import { Loader2 } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { daysFrom, overduePageSize, upcomingDefaultDays } from '../../../../shared/domain/plan-days.ts';
import type { PlanEntry, UpcomingDayEntries } from '../../../../shared/domain/upcoming-days.ts';
import { messages } from '../../../../shared/messages.ts';
import { EmptyPane } from '../../../components/tree/pane-parts.tsx';
import { taskOpenAttribute, useListKeyboard } from '../hooks/use-list-keyboard.ts';
import { useToday, useUpcoming } from '../hooks/use-plan.ts';
import { planDayLabel } from './plan-day-label.ts';
import { type MoveDays, PlanTaskRow } from './plan-task-row.tsx';

const m = messages.plan;

/** What a plan view does with a row: open it, complete it, edit its title, move it to another day. */
export interface PlanActions {
  selectedTaskId: string | null;
  readOnly: boolean;
  onOpen(task: PlanEntry): void;
  onToggle(task: PlanEntry, completed: boolean): void;
  onEdit(task: PlanEntry): void;
  onMove(task: PlanEntry, day: string): void;
}

function Loading({ error }: { error: string | null }) {
  if (error) return <p className="px-3 py-6 text-center text-sm text-red-600">{error}</p>;
  return (
    <p className="flex justify-center py-6 text-slate-400" role="status">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      <span className="sr-only">{messages.loading}</span>
    </p>
  );
}

/** A titled list of plan rows with the list keys (arrows or j/k move, Enter opens, x completes, e edits). */
export function PlanGroup(props: {
  title: string;
  tasks: PlanEntry[];
  actions: PlanActions;
  moveDays?: MoveDays;
  headingExtra?: ReactNode;
}) {
  const { actions } = props;
  const onKeyDown = useListKeyboard({
    items: props.tasks,
    onOpen: actions.onOpen,
    onToggle: (task) => !actions.readOnly && actions.onToggle(task, !task.completed),
    onEdit: actions.onEdit,
  });
  return (
    <ul aria-label={props.title} className="space-y-0.5" onKeyDown={onKeyDown}>
      {props.tasks.map((task) => (
        <PlanTaskRow
          key={task.id}
          task={task}
          selected={actions.selectedTaskId === task.id}
          readOnly={actions.readOnly}
          onOpen={() => actions.onOpen(task)}
          onToggle={(completed) => actions.onToggle(task, completed)}
          moveDays={props.moveDays}
        />
      ))}
    </ul>
  );
}

const groupHeading = 'px-2 pt-4 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase';

function focusTaskOpen(taskId: string) {
  document.querySelector<HTMLElement>(`[${taskOpenAttribute}="${CSS.escape(taskId)}"]`)?.focus();
}

/** Loads the next page of overdue tasks; its name says how many more there are (at most one page). */
function MoreOverdue(props: { remaining: number; loading: boolean; onMore(): void }) {
  const count = Math.min(props.remaining, overduePageSize);
  return (
    <button
      type="button"
      onClick={props.onMore}
      disabled={props.loading}
      className="mx-2 mt-1 inline-flex items-center gap-1 rounded px-2 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60"
    >
      {props.loading && <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />}
      {m.showMoreOverdue(count)}
    </button>
  );
}

/** Today: the overdue tasks (newest due first, a page at a time), then today's, each with its list › category. */
export function TodayView({ actions }: { actions: PlanActions }) {
  const query = useToday(true);
  // The first task a `Show more` brought takes the focus once it is on screen (the button may be gone).
  const [focusId, setFocusId] = useState<string | null>(null);
  const overdueIds = query.data?.overdue.map((task) => task.id).join();
  useEffect(() => {
    if (!focusId || !overdueIds?.includes(focusId)) return;
    focusTaskOpen(focusId);
    setFocusId(null);
  }, [focusId, overdueIds]);
  if (!query.data) return <Loading error={query.isError ? query.error.message : null} />;
  const { overdue, dueToday, overdueTotal } = query.data;
  if (overdue.length === 0 && dueToday.length === 0) return <EmptyPane text={m.nothingToday} />;
  return (
    <div>
      {overdue.length > 0 && (
        <section aria-labelledby="plan-overdue">
          <h3 id="plan-overdue" className={`${groupHeading} text-red-700`}>
            {m.overdue}
          </h3>
          <PlanGroup title={m.overdue} tasks={overdue} actions={actions} />
          {query.hasNextPage && (
            <MoreOverdue
              remaining={overdueTotal - overdue.length}
              loading={query.isFetchingNextPage}
              onMore={async () => {
                // The button may go with the last page: focus moves to the first task loaded.
                const shown = overdue.length;
                const first = (await query.fetchNextPage()).data?.overdue[shown];
                if (first) setFocusId(first.id);
              }}
            />
          )}
        </section>
      )}
      <section aria-labelledby="plan-today">
        <h3 id="plan-today" className={groupHeading}>
          {m.today}
        </h3>
        {dueToday.length === 0 ? (
          <p className="px-2 py-1 text-sm text-slate-500">{m.nothingToday}</p>
        ) : (
          <PlanGroup title={m.today} tasks={dueToday} actions={actions} />
        )}
      </section>
    </div>
  );
}

/**
 * Loads Upcoming's next days: a button (the keyboard's and a screen reader's way), pressed by itself when
 * it comes within 400 px of view, as a long list grows when scrolled (use-growing-window.ts).
 */
function MoreDays(props: { loading: boolean; onMore(): void }) {
  const { loading, onMore } = props;
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const node = button.current;
    // Without IntersectionObserver (jsdom) the button waits for a press.
    if (!node || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onMore();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [loading, onMore]);
  return (
    <button
      ref={button}
      type="button"
      onClick={onMore}
      disabled={loading}
      className="mx-2 mt-2 inline-flex items-center gap-1 rounded px-2 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60"
    >
      {loading && <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />}
      {m.showMoreDays}
    </button>
  );
}

/**
 * Upcoming: the next 14 days, one heading per day; a day without tasks takes one short line. A busy
 * fortnight comes a few days at a time (the server's pages), the next ones as the end scrolls near.
 */
export function UpcomingView({ actions }: { actions: PlanActions }) {
  const query = useUpcoming(true);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (!query.data) return <Loading error={query.isError ? query.error.message : null} />;
  const { today, days, more } = query.data;
  // Any day of the fortnight, loaded or not, is a day to move a task to.
  const moveDays: MoveDays = { today, days: daysFrom(today, upcomingDefaultDays), onMove: actions.onMove };
  const empty = !more && days.every((day) => day.tasks.length === 0);
  return (
    <div>
      {empty && <EmptyPane text={m.nothingUpcoming} />}
      {days.map((day) => (
        <UpcomingDaySection key={day.date} day={day} today={today} actions={actions} moveDays={moveDays} />
      ))}
      {more && <MoreDays loading={isFetchingNextPage} onMore={loadMore} />}
    </div>
  );
}

function UpcomingDaySection(props: {
  day: UpcomingDayEntries;
  today: string;
  actions: PlanActions;
  moveDays: MoveDays;
}) {
  const { day } = props;
  const drop = useDroppable({ id: `day:${day.date}`, data: { kind: 'day', date: day.date } });
  const title = planDayLabel(day.date, props.today);
  const headingId = `plan-day-${day.date}`;
  return (
    <section
      ref={drop.setNodeRef}
      aria-labelledby={headingId}
      className={`rounded-md ${drop.isOver ? 'bg-blue-50 ring-2 ring-blue-300' : ''}`}
    >
      {day.tasks.length === 0 ? (
        <div className="flex items-baseline gap-3 border-t border-slate-100 px-2 py-1 text-sm">
          <h3 id={headingId} className="font-medium text-slate-600">
            {title}
          </h3>
          <span className="text-xs text-slate-600">{m.noTasksOnDay}</span>
        </div>
      ) : (
        <>
          <h3
            id={headingId}
            className="border-t border-slate-100 px-2 pt-3 pb-1 text-sm font-semibold text-slate-800"
          >
            {title}
          </h3>
          <PlanGroup title={title} tasks={day.tasks} actions={props.actions} moveDays={props.moveDays} />
        </>
      )}
    </section>
  );
}
