import { Plus, Tag } from 'lucide-react';
import { useState } from 'react';
import { labelColors } from '../../../../shared/domain/colors.ts';
import { messages } from '../../../../shared/messages.ts';
import type { Label } from '../../../../shared/schemas/label.ts';
import { PaneHeader, paneHeaderButton } from '../../../components/tree/pane-parts.tsx';
import { ConfirmDelete } from '../../../components/ui/confirm-delete.tsx';
import { InlineTitle } from '../../../components/ui/inline-title.tsx';
import { RowMenu } from '../../../components/ui/row-menu.tsx';
import { useLabelMutations, useLabels } from '../hooks/use-labels.ts';

const m = messages.labels;

interface LabelsSectionProps {
  readOnly: boolean;
  selectedLabelId: string | null;
  onSelect(labelId: string): void;
  /** The chosen label was deleted: the task pane goes back to the category. */
  onDeleted(labelId: string): void;
}

/** The sidebar's Labels: each with its colour and task count; created, renamed, recoloured and deleted here. */
export function LabelsSection({ readOnly, selectedLabelId, onSelect, onDeleted }: LabelsSectionProps) {
  const labels = useLabels();
  const mutations = useLabelMutations();
  const [naming, setNaming] = useState<'new' | string | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);

  return (
    <section aria-label={m.heading} className="mt-2 border-t border-slate-200/70 pt-1">
      <PaneHeader title={m.heading}>
        <button
          type="button"
          aria-label={m.newLabel}
          title={m.newLabel}
          disabled={readOnly}
          onClick={() => setNaming('new')}
          className={paneHeaderButton}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </button>
      </PaneHeader>
      <ul className="space-y-0.5 px-2" aria-label={m.heading}>
        {labels.data?.map((label) => (
          <LabelRow
            key={label.id}
            label={label}
            selected={label.id === selectedLabelId}
            readOnly={readOnly}
            renaming={naming === label.id}
            onSelect={() => onSelect(label.id)}
            onRename={() => setNaming(label.id)}
            onRenamed={(name) => {
              setNaming(null);
              mutations.update.mutate({ id: label.id, body: { name } });
            }}
            onCancelRename={() => setNaming(null)}
            onRecolor={(color) => mutations.update.mutate({ id: label.id, body: { color } })}
            onDelete={() => setDeleting(label)}
          />
        ))}
        {naming === 'new' && (
          <li className="flex items-center gap-1 px-1">
            <InlineTitle
              initial=""
              label={m.newLabel}
              onSave={(name) => {
                setNaming(null);
                mutations.create.mutate(name);
              }}
              onCancel={() => setNaming(null)}
            />
          </li>
        )}
      </ul>
      {labels.data?.length === 0 && naming !== 'new' && (
        <p className="px-4 py-1 text-xs text-slate-500">{m.noLabelsYet}</p>
      )}
      <ConfirmDelete
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={m.deleteTitle}
        description={m.deleteLabel}
        onConfirm={() => {
          if (!deleting) return;
          mutations.remove.mutate(deleting.id);
          onDeleted(deleting.id);
          setDeleting(null);
        }}
      />
    </section>
  );
}

interface LabelRowProps {
  label: Label;
  selected: boolean;
  readOnly: boolean;
  renaming: boolean;
  onSelect(): void;
  onRename(): void;
  onRenamed(name: string): void;
  onCancelRename(): void;
  onRecolor(color: string): void;
  onDelete(): void;
}

function LabelRow({ label, selected, readOnly, renaming, ...actions }: LabelRowProps) {
  const [choosingColor, setChoosingColor] = useState(false);
  if (renaming) {
    return (
      <li className="flex items-center gap-1 px-1">
        <InlineTitle
          initial={label.name}
          label={`${m.renameLabel} ${label.name}`}
          onSave={actions.onRenamed}
          onCancel={actions.onCancelRename}
        />
      </li>
    );
  }
  return (
    <li>
      <div
        className={`group flex items-center gap-1 rounded-md pr-1 text-sm ${
          selected ? 'bg-slate-200/70 text-slate-900' : 'text-slate-700 hover:bg-slate-100'
        }`}
      >
        <button
          type="button"
          aria-label={`${m.changeColor}: ${label.name}`}
          aria-expanded={choosingColor}
          disabled={readOnly}
          onClick={() => setChoosingColor(!choosingColor)}
          className="ml-1 shrink-0 rounded p-1 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <Tag className="h-3.5 w-3.5" style={{ color: label.color }} aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={actions.onSelect}
          aria-current={selected ? 'true' : undefined}
          className="min-w-0 flex-1 truncate rounded py-1 text-left focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {label.name}
        </button>
        <span className="shrink-0 text-xs tabular-nums text-slate-500" title={m.taskCount(label.taskCount)}>
          {label.taskCount || ''}
        </span>
        <RowMenu
          name={label.name}
          disabled={readOnly}
          onRename={actions.onRename}
          onDelete={actions.onDelete}
        />
      </div>
      {choosingColor && (
        <fieldset className="flex flex-wrap gap-1 px-7 py-1">
          <legend className="sr-only">{`${m.changeColor}: ${label.name}`}</legend>
          {labelColors.map((color) => (
            <button
              key={color}
              type="button"
              aria-label={m.colorName(color)}
              aria-pressed={color.toLowerCase() === label.color.toLowerCase()}
              onClick={() => {
                setChoosingColor(false);
                actions.onRecolor(color);
              }}
              className="h-5 w-5 rounded-full ring-offset-1 aria-pressed:ring-2 aria-pressed:ring-slate-500 focus-visible:outline-2 focus-visible:outline-blue-600"
              style={{ backgroundColor: color }}
            />
          ))}
        </fieldset>
      )}
    </li>
  );
}
