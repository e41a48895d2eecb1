import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { focusTaskRow } from '../hooks/use-list-keyboard.ts';
import type { TodosWorkspace } from '../hooks/use-todos-workspace.ts';
import { useWideScreen } from '../hooks/use-wide-screen.ts';
import { TaskListArea } from './task-list-area.tsx';
import { TaskPanel } from './task-panel.tsx';

/**
 * The content area in todos mode: the chosen list full width; an open task's panel beside it on a wide
 * screen, in its place on a narrow one (with Back). Escape or Back puts focus back on the task's row.
 */
export function TodosContent({ todos, readOnly }: { todos: TodosWorkspace; readOnly: boolean }) {
  const wide = useWideScreen();
  const taskId = todos.selection.taskId;
  // The task whose panel heading should take the focus when it shows (opened from a row).
  const [focusHeadingOf, setFocusHeadingOf] = useState<string | null>(null);
  const back = () => {
    todos.closeTask();
    if (taskId) focusTaskRow(taskId);
  };
  const panel = (
    <TaskPanel
      todos={todos}
      readOnly={readOnly}
      focusHeadingOf={focusHeadingOf}
      onHeadingFocused={() => setFocusHeadingOf(null)}
      onEscape={wide ? () => taskId && focusTaskRow(taskId) : back}
    />
  );

  if (taskId && !wide) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="border-b border-slate-100 px-3 py-2">
          <button
            type="button"
            onClick={back}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            {messages.plan.back}
          </button>
        </div>
        {panel}
      </div>
    );
  }
  return (
    <div className="flex min-h-0 flex-1">
      <TaskListArea todos={todos} readOnly={readOnly} onOpened={setFocusHeadingOf} />
      {taskId && (
        <div className="flex min-h-0 w-1/2 max-w-2xl shrink-0 flex-col border-l border-slate-200">
          {panel}
        </div>
      )}
    </div>
  );
}
