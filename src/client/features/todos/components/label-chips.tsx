import { useLabels } from '../hooks/use-labels.ts';

/** A task's labels as small coloured chips, by label name (after the row's badges). */
export function LabelChips({ labelIds }: { labelIds: readonly string[] }) {
  // Most rows have none: they read no query at all.
  return labelIds.length === 0 ? null : <ChipList labelIds={labelIds} />;
}

function ChipList({ labelIds }: { labelIds: readonly string[] }) {
  const labels = useLabels().data;
  if (!labels) return null;
  const byId = new Map(labels.map((label) => [label.id, label]));
  return (
    <>
      {labelIds.map((id) => {
        const label = byId.get(id);
        if (!label) return null;
        return (
          <span
            key={id}
            className="inline-flex max-w-32 items-center gap-1 rounded-full bg-slate-100 px-1.5 text-[11px] leading-4 text-slate-700"
          >
            <span
              className="h-2 w-2 shrink-0 rounded-full"
              style={{ backgroundColor: label.color }}
              aria-hidden="true"
            />
            <span className="truncate">{label.name}</span>
          </span>
        );
      })}
    </>
  );
}
