import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Check, GripVertical, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Subtask } from '../../../../shared/schemas/task.ts';

/** docs/PRODUCT.md §9: subtask text is cut at 60 characters, with a show more/less toggle. */
export const SUBTASK_CUT = 60;
const MAX_EDIT_ROWS = 5;
const focusOnMount = (element: HTMLTextAreaElement | null) => element?.focus();

interface SubtaskRowProps {
  subtask: Subtask;
  readOnly: boolean;
  highlighted: boolean;
  onToggle(completed: boolean): void;
  onSave(text: string): void;
  onDelete(): void;
}

/** One subtask: drag grip, check toggle, click-to-edit text (a box of up to 5 rows) and delete. */
export function SubtaskRow({ subtask, readOnly, highlighted, onToggle, onSave, onDelete }: SubtaskRowProps) {
  const sortable = useSortable({ id: subtask.id, disabled: readOnly });
  const { setNodeRef, transform, transition, isDragging, listeners, attributes } = sortable;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(subtask.text);
  const [expanded, setExpanded] = useState(false);
  const long = subtask.text.length > SUBTASK_CUT;
  const shown = long && !expanded ? `${subtask.text.slice(0, SUBTASK_CUT)}…` : subtask.text;

  const finish = () => {
    setEditing(false);
    const text = draft.trim();
    if (text && text !== subtask.text) onSave(text);
    else setDraft(subtask.text);
  };

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-highlighted={highlighted || undefined}
      className={`group flex items-start gap-2 rounded-lg px-2 py-1.5 transition-colors ${
        isDragging ? 'relative z-10 bg-white opacity-70 shadow' : ''
      } ${highlighted ? 'bg-amber-50 ring-2 ring-amber-400 ring-inset' : 'hover:bg-slate-50'}`}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Move subtask ${subtask.text}`}
        disabled={readOnly}
        className="mt-0.5 shrink-0 cursor-grab touch-none rounded p-0.5 text-slate-300 opacity-0 group-hover:opacity-100 pointer-coarse:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:invisible"
      >
        <GripVertical className="h-4 w-4" aria-hidden="true" />
      </button>
      <label className="relative mt-0.5 flex shrink-0 cursor-pointer">
        <input
          type="checkbox"
          checked={subtask.completed}
          disabled={readOnly}
          onChange={(event) => onToggle(event.target.checked)}
          aria-label={`Complete subtask ${subtask.text}`}
          className="peer h-4 w-4 cursor-pointer appearance-none rounded border border-slate-300 bg-white checked:border-green-600 checked:bg-green-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 disabled:cursor-not-allowed"
        />
        <Check
          className="pointer-events-none absolute inset-0 m-auto hidden h-3 w-3 text-white peer-checked:block"
          strokeWidth={3}
          aria-hidden="true"
        />
      </label>
      <div className="min-w-0 flex-1">
        {editing ? (
          <textarea
            // The user just clicked the text to edit it: the box takes the focus.
            ref={focusOnMount}
            value={draft}
            aria-label="Edit subtask"
            rows={Math.min(
              MAX_EDIT_ROWS,
              Math.max(1, Math.ceil(draft.length / 60), draft.split('\n').length),
            )}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={finish}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                finish();
              } else if (event.key === 'Escape') {
                setDraft(subtask.text);
                setEditing(false);
              }
            }}
            className="w-full resize-none rounded-md border border-blue-400 bg-white px-2 py-1 text-sm text-slate-900 ring-2 ring-blue-100 outline-none"
          />
        ) : (
          <button
            type="button"
            disabled={readOnly}
            onClick={() => {
              setDraft(subtask.text);
              setEditing(true);
            }}
            title={readOnly ? undefined : 'Click to edit'}
            className={`block w-full rounded text-left text-sm break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-default ${
              subtask.completed ? 'text-slate-500 line-through' : 'text-slate-800'
            }`}
          >
            {shown}
          </button>
        )}
        {long && !editing && (
          <button
            type="button"
            onClick={() => setExpanded(!expanded)}
            aria-expanded={expanded}
            className="mt-0.5 text-xs font-medium text-blue-600 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {expanded ? 'Show less' : 'Show more'}
          </button>
        )}
      </div>
      <button
        type="button"
        onClick={onDelete}
        disabled={readOnly}
        aria-label={`Delete subtask ${subtask.text}`}
        className="shrink-0 rounded p-1 text-slate-400 opacity-0 group-hover:opacity-100 pointer-coarse:opacity-100 hover:bg-red-50 hover:text-red-600 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:invisible"
      >
        <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
      </button>
    </li>
  );
}
