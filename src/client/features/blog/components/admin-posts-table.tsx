import { formatPublishedDate } from '../../../../shared/domain/blog.ts';
import { messages } from '../../../../shared/messages.ts';
import type { AdminPostRow } from '../../../../shared/schemas/blog.ts';
import { Link } from '../../../lib/router.tsx';

const actionStyle =
  'rounded-sm text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

const statusStyle = {
  published: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  draft: 'bg-amber-50 text-amber-800 ring-amber-200',
} as const;

const statusLabel = { published: 'Published', draft: 'Draft' } as const;

/**
 * The Blog Posts table: Title (slug beneath), Status, Published (or Not published), Views, Actions.
 * Action links carry the post's title for screen readers ("Edit <title>") while showing the short word.
 * On a phone, status, date and views move under the title and the actions stack, so nothing scrolls
 * sideways.
 */
export function AdminPostsTable({
  posts,
  onDelete,
}: {
  posts: readonly AdminPostRow[];
  onDelete(post: AdminPostRow): void;
}) {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-3 sm:px-5">
              Title
            </th>
            <th scope="col" className="hidden px-3 py-3 sm:table-cell sm:px-5">
              Status
            </th>
            <th scope="col" className="hidden px-3 py-3 sm:table-cell sm:px-5">
              Published
            </th>
            <th scope="col" className="hidden px-3 py-3 text-right sm:table-cell sm:px-5">
              Views
            </th>
            <th scope="col" className="px-3 py-3 sm:px-5 text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {posts.map((post) => (
            <tr key={post.id} className="align-top">
              <td className="px-3 py-4 sm:px-5">
                <div className="font-semibold [overflow-wrap:anywhere] text-slate-900">{post.title}</div>
                <div className="mt-1 font-mono text-xs [overflow-wrap:anywhere] text-slate-500">
                  {post.slug}
                </div>
                {/* On a phone the three middle columns are hidden; their facts sit under the title. */}
                <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 sm:hidden">
                  <StatusBadge status={post.status} />
                  <PublishedAt value={post.publishedAt} />
                  <span>{post.views} views</span>
                </div>
              </td>
              <td className="hidden px-3 py-4 sm:table-cell sm:px-5">
                <StatusBadge status={post.status} />
              </td>
              <td className="hidden px-3 py-4 whitespace-nowrap text-slate-700 sm:table-cell sm:px-5">
                <PublishedAt value={post.publishedAt} />
              </td>
              <td className="hidden px-3 py-4 text-right text-slate-700 tabular-nums sm:table-cell sm:px-5">
                {post.views}
              </td>
              <td className="px-3 py-4 sm:px-5">
                <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end sm:gap-4">
                  {post.status === 'published' ? (
                    <Link
                      to={`/blog/${post.slug}`}
                      className={`${actionStyle} text-slate-700 hover:text-slate-950`}
                    >
                      View <span className="sr-only">{post.title}</span>
                    </Link>
                  ) : null}
                  <Link
                    to={`/blog/admin/edit/${post.id}`}
                    className={`${actionStyle} text-blue-700 hover:text-blue-900`}
                  >
                    Edit <span className="sr-only">{post.title}</span>
                  </Link>
                  <button
                    type="button"
                    onClick={() => onDelete(post)}
                    className={`${actionStyle} text-red-700 hover:text-red-900`}
                  >
                    Delete <span className="sr-only">{post.title}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatusBadge({ status }: { status: AdminPostRow['status'] }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusStyle[status]}`}
    >
      {statusLabel[status]}
    </span>
  );
}

function PublishedAt({ value }: { value: string | null }) {
  return value ? (
    <time dateTime={value}>{formatPublishedDate(value)}</time>
  ) : (
    <span className="text-slate-500">{messages.blog.notPublished}</span>
  );
}
