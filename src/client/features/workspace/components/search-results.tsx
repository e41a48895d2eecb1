import { CheckCircle2, Circle, FileText, Tags } from 'lucide-react';
import { messages } from '../../../../shared/messages.ts';
import type { LabelSearchHit, NoteSearchHit, TaskSearchHit } from '../../../../shared/schemas/search.ts';
import type { useSearch } from '../hooks/use-search.ts';
import { Searching } from './searching.tsx';

interface SearchResultsProps {
  search: ReturnType<typeof useSearch>;
  onPick(hit: NoteSearchHit): void;
  onPickTask(hit: TaskSearchHit): void;
  onPickLabel(hit: LabelSearchHit): void;
}

const hitButton =
  'w-full rounded-md px-2.5 py-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600';

/** Matches with their title and a snippet, the match highlighted; `No results found` when none. */
export function SearchResults({ search, onPick, onPickTask, onPickLabel }: SearchResultsProps) {
  if (search.isError)
    return <p className="px-3 py-6 text-center text-sm text-red-600">{search.error.message}</p>;
  const hits = search.data?.notes;
  const tasks = search.data?.tasks ?? [];
  const labels = search.data?.labels ?? [];
  if (!hits) return <Searching />;
  if (
    hits.length === 0 &&
    tasks.length === 0 &&
    labels.length === 0 &&
    search.settled &&
    !search.isFetching
  ) {
    return <p className="px-3 py-6 text-center text-sm text-slate-500">{messages.search.noResults}</p>;
  }
  return (
    <ul className="space-y-0.5" aria-label="Search results">
      {labels.map((hit) => (
        <li key={hit.id}>
          <button type="button" onClick={() => onPickLabel(hit)} className={hitButton}>
            <span className="flex items-center gap-2 text-sm text-slate-800">
              <Tags className="h-3.5 w-3.5 shrink-0" style={{ color: hit.color }} aria-hidden="true" />
              <span className="truncate">
                <span className="text-slate-500">Label:</span> <span className="font-medium">{hit.name}</span>
              </span>
            </span>
          </button>
        </li>
      ))}
      {hits.map((hit) => (
        <li key={hit.id}>
          <button type="button" onClick={() => onPick(hit)} className={hitButton}>
            <span className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <FileText className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden="true" />
              <span className="truncate">{hit.title || messages.notes.titlePlaceholder}</span>
            </span>
            {hit.snippet && (
              <span className="mt-0.5 line-clamp-2 block pl-5.5 text-xs leading-5 text-slate-500">
                <Snippet hit={hit} />
              </span>
            )}
          </button>
        </li>
      ))}
      {tasks.map((hit) => (
        <li key={hit.id}>
          <button type="button" onClick={() => onPickTask(hit)} className={hitButton}>
            <span className="flex items-start gap-2 text-sm text-slate-800">
              {hit.completed ? (
                <CheckCircle2 className="mt-0.5 h-3.5 w-3.5 shrink-0 text-green-600" aria-hidden="true" />
              ) : (
                <Circle className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden="true" />
              )}
              <span className="sr-only">Task: </span>
              <span className={`line-clamp-2 ${hit.completed ? 'text-slate-500 line-through' : ''}`}>
                <Snippet hit={hit} />
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Snippet({ hit }: { hit: NoteSearchHit | TaskSearchHit }) {
  if (!hit.match) return <>{hit.snippet}</>;
  const { start, length } = hit.match;
  return (
    <>
      {hit.snippet.slice(0, start)}
      <mark className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
        {hit.snippet.slice(start, start + length)}
      </mark>
      {hit.snippet.slice(start + length)}
    </>
  );
}
