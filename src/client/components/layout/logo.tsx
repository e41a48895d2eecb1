import { useId } from 'react';
import { Link } from '../../lib/router.tsx';

/** The Jotlist mark (the favicon's drawing), sized by `className`. */
function BrandMark({ className = 'h-7 w-7' }: { className?: string }) {
  // Several marks can be on one page (header and footer): each needs its own gradient id.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" className={`shrink-0 ${className}`} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b82f6" />
          <stop offset="1" stopColor="#4f46e5" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path d="M10 10h12M10 16h12M10 22h7" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Mark and word, linking home (`/` sends a visitor to the landing page and a signed-in user to the app).
 * `tone` picks the word's colour for light or dark backgrounds.
 */
export function Logo({
  to = '/',
  tone = 'dark',
  size = 'md',
}: {
  to?: string;
  tone?: 'dark' | 'light';
  size?: 'sm' | 'md';
}) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600"
      aria-label="Jotlist home"
    >
      <BrandMark />
      <span
        className={`${size === 'sm' ? 'text-base' : 'text-lg'} font-semibold tracking-tight ${tone === 'dark' ? 'text-slate-900' : 'text-white'}`}
      >
        Jotlist
      </span>
    </Link>
  );
}
