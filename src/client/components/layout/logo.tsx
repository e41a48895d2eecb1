import { useId } from 'react';
import { logo } from '../../../shared/site-chrome.ts';
import { Link } from '../../lib/router.tsx';

/** The Jotlist mark (the favicon's drawing), sized by `className`. */
function BrandMark({ className = logo.markSize }: { className?: string }) {
  // Several marks can be on one page (header and footer): each needs its own gradient id.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" className={`shrink-0 ${className}`} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={logo.gradient.from} />
          <stop offset="1" stopColor={logo.gradient.to} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path d={logo.lines} stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
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
    <Link to={to} className={logo.link} aria-label={logo.label}>
      <BrandMark />
      <span
        className={`${size === 'sm' ? 'text-base' : 'text-lg'} ${logo.wordStyle} ${tone === 'dark' ? 'text-slate-900' : 'text-white'}`}
      >
        {logo.word}
      </span>
    </Link>
  );
}
