import type { BlogCategory } from '../../../../shared/schemas/blog.ts';

const base =
  'rounded-full px-4 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
const pressedStyle = `${base} bg-blue-600 text-white shadow-sm`;
const idleStyle = `${base} bg-white text-slate-700 ring-1 ring-slate-200 ring-inset hover:bg-slate-50 hover:text-slate-950`;

/** All Posts plus one toggle per category (ordered by name); the chosen one is pressed. */
export function CategoryFilter({
  categories,
  selected,
  onSelect,
}: {
  categories: readonly BlogCategory[];
  selected: string | null;
  onSelect(categoryId: string | null): void;
}) {
  const options = [{ id: null, name: 'All Posts' }, ...categories];
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Filter posts by category</legend>
      {options.map((option) => {
        const pressed = option.id === selected;
        return (
          <button
            key={option.id ?? 'all'}
            type="button"
            aria-pressed={pressed}
            className={pressed ? pressedStyle : idleStyle}
            onClick={() => onSelect(option.id)}
          >
            {option.name}
          </button>
        );
      })}
    </fieldset>
  );
}
