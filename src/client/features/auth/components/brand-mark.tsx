import { Link } from 'react-router';

/** The product's mark (the favicon's drawing) and name; it links home to the landing page. */
export function BrandMark({ to = '/landing', className = '' }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center gap-2 rounded-lg font-semibold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600 ${className}`}
    >
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#2563eb" />
        <path
          d="M10 9h12M10 15h12M10 21h7"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinecap="round"
          fill="none"
        />
      </svg>
      <span className="text-lg">Jotlist</span>
    </Link>
  );
}
