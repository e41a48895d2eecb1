import { Loader2 } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import { EmptyPane } from '../../../components/tree/pane-parts.tsx';
import { useLabelTasks } from '../hooks/use-labels.ts';
import { type PlanActions, PlanGroup } from './plan-views.tsx';

interface LabelTasksProps {
  labelId: string;
  labelName: string;
  actions: PlanActions;
}

/**
 * The task pane while a label is chosen: its tasks across every list, as Today lists them (checkbox,
 * list › category, badges, subtask progress) and with the same keys.
 */
export function LabelTasks({ labelId, labelName, actions }: LabelTasksProps) {
  const tasks = useLabelTasks(labelId);
  if (tasks.isError)
    return <p className="px-3 py-6 text-center text-sm text-red-600">{tasks.error.message}</p>;
  if (!tasks.data) {
    return (
      <p className="flex justify-center py-6 text-slate-400" role="status">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        <span className="sr-only">{messages.loading}</span>
      </p>
    );
  }
  if (tasks.data.length === 0) return <EmptyPane text={messages.labels.noTasksWithLabel} />;
  return <PlanGroup title={`Tasks labelled ${labelName}`} tasks={tasks.data} actions={actions} />;
}
