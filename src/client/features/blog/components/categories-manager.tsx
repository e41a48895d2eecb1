import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { BlogCategory } from '../../../../shared/schemas/blog.ts';
import { ConfirmDelete } from '../../../components/ui/confirm-delete.tsx';
import { useCategoryMutations } from '../hooks/use-blog-admin.ts';
import { useBlogCategories } from '../hooks/use-public-blog.ts';

const inputStyle =
  'block w-full min-w-0 rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-blue-600 focus:outline-none';
const smallButton =
  'rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60';
const primarySmall = `${smallButton} bg-blue-600 text-white hover:bg-blue-700`;
const plainSmall = `${smallButton} text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50`;

/** Create, rename and delete categories. Deleting one leaves its posts published, without a category. */
export function CategoriesManager() {
  const categories = useBlogCategories();
  const { create, rename, remove } = useCategoryMutations();
  const [name, setName] = useState('');
  const [pending, setPending] = useState<BlogCategory | null>(null);
  const failure = create.error ?? rename.error ?? remove.error;

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    create.mutate(name.trim(), { onSuccess: () => setName('') });
  };

  return (
    <section
      aria-labelledby="blog-categories-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="blog-categories-heading" className="text-lg font-semibold text-slate-950">
        Categories
      </h2>
      <form onSubmit={add} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="new-category" className="block text-sm font-medium text-slate-700">
            New category
          </label>
          <input
            id="new-category"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={100}
            className={`mt-1 ${inputStyle}`}
          />
        </div>
        <button type="submit" disabled={create.isPending} className={primarySmall}>
          Add Category
        </button>
      </form>
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failure.message}
        </p>
      ) : null}
      <ul className="mt-5 divide-y divide-slate-100">
        {(categories.data ?? []).map((category) => (
          <CategoryRow
            key={category.id}
            category={category}
            busy={rename.isPending}
            onRename={(newName, done) =>
              rename.mutate({ id: category.id, name: newName }, { onSuccess: done })
            }
            onDelete={() => setPending(category)}
          />
        ))}
      </ul>
      <ConfirmDelete
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Delete category?"
        description={`Posts in ${pending?.name ?? 'this category'} stay published, without a category.`}
        onConfirm={() => {
          if (pending) remove.mutate(pending.id);
          setPending(null);
        }}
      />
    </section>
  );
}

function CategoryRow({
  category,
  busy,
  onRename,
  onDelete,
}: {
  category: BlogCategory;
  busy: boolean;
  onRename(name: string, done: () => void): void;
  onDelete(): void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(category.name);
  const inputId = `category-${category.id}`;
  const input = useRef<HTMLInputElement>(null);
  // The field replaces the Rename button that was just pressed, so focus moves into it.
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  if (editing) {
    const save = (event: FormEvent) => {
      event.preventDefault();
      const trimmed = draft.trim();
      if (trimmed === '' || trimmed === category.name) return setEditing(false);
      onRename(trimmed, () => setEditing(false));
    };
    return (
      <li className="py-3">
        <form onSubmit={save} className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor={inputId} className="sr-only">
            Category name
          </label>
          <input
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
            maxLength={100}
            ref={input}
            className={`flex-1 ${inputStyle}`}
          />
          <div className="flex gap-2">
            <button type="submit" disabled={busy} className={primarySmall}>
              Save
            </button>
            <button type="button" onClick={() => setEditing(false)} className={plainSmall}>
              Cancel
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <span className="min-w-0 text-sm font-medium [overflow-wrap:anywhere] text-slate-900">
        {category.name}
      </span>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          onClick={() => {
            setDraft(category.name);
            setEditing(true);
          }}
          className={plainSmall}
        >
          Rename <span className="sr-only">{category.name}</span>
        </button>
        <button type="button" onClick={onDelete} className={`${smallButton} text-red-700 hover:bg-red-50`}>
          Delete <span className="sr-only">{category.name}</span>
        </button>
      </div>
    </li>
  );
}
