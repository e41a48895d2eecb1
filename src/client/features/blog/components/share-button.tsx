import Check from 'lucide-react/icons/check';
import Share2 from 'lucide-react/icons/share-2';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { copiedNoticeMs, shareOrCopyLink } from '../share-link.ts';

/**
 * Share: the device's share sheet where the browser has one, else the page's link is copied and
 * `Link copied!` shows for 2 s. A cancelled sheet or a refused clipboard is only logged.
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const share = async () => {
    if (!(await shareOrCopyLink(navigator, { title, text, url: window.location.href }))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), copiedNoticeMs);
  };

  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={share}
        className="inline-flex items-center gap-2 rounded-lg bg-white px-3.5 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 ring-inset transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <Share2 className="h-4 w-4" aria-hidden="true" />
        Share
      </button>
      {/* Always in the page, so screen readers announce the text when it appears. */}
      <span role="status" className="text-sm font-medium text-emerald-700">
        {copied ? (
          <span className="inline-flex items-center gap-1.5">
            <Check className="h-4 w-4" aria-hidden="true" />
            {messages.blog.linkCopied}
          </span>
        ) : null}
      </span>
    </div>
  );
}
