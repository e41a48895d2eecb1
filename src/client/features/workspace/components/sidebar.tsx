import { Search, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { LabelSearchHit, NoteSearchHit, TaskSearchHit } from '../../../../shared/schemas/search.ts';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { useSearch } from '../hooks/use-search.ts';
import { searchInputId } from '../hooks/use-workspace-commands.ts';
import type { WorkspaceView } from '../hooks/use-workspace-view.ts';
import { Searching } from './searching.tsx';

// The results' code downloads when the search box is first focused (docs/performance.md: the workspace's first
// download); a query typed faster than that shows `Searching…` until it is there.
const SearchResults = lazyPart(
  async () => (await import('./search-results.tsx')).SearchResults,
  () => <Searching />,
);

interface SidebarProps {
  view: WorkspaceView;
  onViewChange(view: WorkspaceView): void;
  onPickNote(hit: NoteSearchHit): void;
  onPickTask(hit: TaskSearchHit): void;
  onPickLabel(hit: LabelSearchHit): void;
  /** The panes of each view (features/notes, features/todos); search results take their place. */
  notesPane: ReactNode;
  todosPane: ReactNode;
}

/** The sidebar: Notes/Todos switch, search, and the panes of the current view (or the search results). */
export function Sidebar(props: SidebarProps) {
  const [query, setQuery] = useState('');
  const search = useSearch(query);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="space-y-2 px-3 pt-3 pb-2">
        <ViewSwitch view={props.view} onChange={props.onViewChange} />
        <SearchBox query={query} onChange={setQuery} />
      </div>

      {search.active ? (
        <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
          <SearchResults
            search={search}
            onPick={(hit) => {
              setQuery('');
              props.onPickNote(hit);
            }}
            onPickTask={(hit) => {
              setQuery('');
              props.onPickTask(hit);
            }}
            onPickLabel={(hit) => {
              setQuery('');
              props.onPickLabel(hit);
            }}
          />
        </div>
      ) : props.view === 'todos' ? (
        props.todosPane
      ) : (
        props.notesPane
      )}
    </div>
  );
}

function ViewSwitch({ view, onChange }: { view: WorkspaceView; onChange(view: WorkspaceView): void }) {
  return (
    <div
      role="tablist"
      aria-label="View"
      className="grid grid-cols-2 rounded-lg bg-slate-200/60 p-0.5 text-sm"
    >
      {(['notes', 'todos'] as const).map((option) => (
        <button
          key={option}
          type="button"
          role="tab"
          aria-selected={view === option}
          onClick={() => onChange(option)}
          className={`rounded-md py-1 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-blue-600 ${
            view === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
          }`}
        >
          {option === 'notes' ? 'Notes' : 'Todos'}
        </button>
      ))}
    </div>
  );
}

function SearchBox({ query, onChange }: { query: string; onChange(query: string): void }) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 h-3.5 w-3.5 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        type="search"
        value={query}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onChange('');
        }}
        onFocus={SearchResults.preload}
        id={searchInputId}
        aria-label="Search notes"
        placeholder="Search"
        className="w-full rounded-lg border border-slate-200 bg-white py-1.5 pr-8 pl-8 text-sm text-slate-900 placeholder:text-slate-400 focus:border-blue-400 focus:ring-2 focus:ring-blue-100 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      {query && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label="Clear search"
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <X className="h-3.5 w-3.5" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
