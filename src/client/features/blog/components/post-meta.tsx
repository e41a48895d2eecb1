import Calendar from 'lucide-react/icons/calendar';
import Clock from 'lucide-react/icons/clock';
import { formatPublishedDate } from '../../../../shared/domain/blog.ts';

/** Published date (long US format) and reading time, as on the cards and the post page. */
export function PostMeta({ publishedAt, readingTime }: { publishedAt: string; readingTime: number }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
      <span className="inline-flex items-center gap-1.5">
        <Calendar className="h-4 w-4 text-slate-500" aria-hidden="true" />
        <time dateTime={publishedAt}>{formatPublishedDate(publishedAt)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock className="h-4 w-4 text-slate-500" aria-hidden="true" />
        {readingTime} min read
      </span>
    </p>
  );
}

/** A post's tags as small chips; `limit` cuts the list (cards show at most 3). */
export function TagList({ tags, limit }: { tags: readonly string[]; limit?: number }) {
  // A tag typed twice is shown once (and is a unique key).
  const unique = [...new Set(tags)];
  const shown = limit === undefined ? unique : unique.slice(0, limit);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-2">
      {shown.map((tag) => (
        <li key={tag}>
          <span className="inline-block rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-800 ring-1 ring-blue-100 ring-inset">
            {tag}
          </span>
        </li>
      ))}
    </ul>
  );
}
