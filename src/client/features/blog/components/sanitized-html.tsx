import { useLayoutEffect, useRef } from 'react';

/**
 * Post HTML as the server stored it. The server sanitizes every post with an allow-list on save
 * (modules/blog/blog-sanitize.ts: no script, event handlers, javascript: URLs, iframes or styles) and
 * the CSP forbids inline script besides, so this is the one place the client trusts HTML: everything
 * else renders text through React.
 */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.innerHTML = html;
  }, [html]);
  return <div ref={ref} className={className} />;
}
