import type { ImportCounts, ImportResult } from '../../../../shared/schemas/backup.ts';

/** The kinds in the words and order of the success notice (docs/PRODUCT.md §8.3). */
const kinds: Array<[keyof ImportCounts, string]> = [
  ['notebooks', 'Notebooks'],
  ['sections', 'Sections'],
  ['notes', 'Notes'],
  ['todoLists', 'Todo lists'],
  ['categories', 'Categories'],
  ['todoItems', 'Todo items'],
  ['subtasks', 'Subtasks'],
  ['calendarIntegrations', 'Calendar integrations'],
  ['calendarEvents', 'Calendar events'],
  ['labels', 'Labels'],
  ['taskLabels', 'Label links'],
  ['reminders', 'Reminders'],
  ['files', 'Files'],
];

/** Rows per kind, as a description list a screen reader reads as name/value pairs. */
export function ImportCountsList({ counts, label }: { counts: ImportCounts; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
      {kinds.map(([key, name]) => (
        <div key={key} className="contents">
          <dt className="text-slate-600">{name}</dt>
          <dd className="text-right font-medium tabular-nums text-slate-900" data-count={key}>
            {counts[key].toLocaleString('en-US')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The rows that will not be imported, and why (the server lists the first 100). */
export function SkippedRows({ result }: { result: ImportResult }) {
  if (result.skippedCount === 0) return <p className="text-sm text-slate-600">No rows will be skipped.</p>;
  const more = result.skippedCount - result.skipped.length;
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-amber-800">
        {result.skippedCount.toLocaleString('en-US')} {result.skippedCount === 1 ? 'row' : 'rows'} will be
        skipped:
      </p>
      <ul className="max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5 text-sm text-slate-700">
        {result.skipped.map((row) => (
          <li key={`${row.array}-${row.index}`}>
            {row.array} #{row.index + 1}: {row.reason}
          </li>
        ))}
        {more > 0 ? <li>…and {more.toLocaleString('en-US')} more</li> : null}
      </ul>
    </div>
  );
}
