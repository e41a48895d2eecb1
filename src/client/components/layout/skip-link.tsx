import { mainContentId, skipLink } from '../../../shared/site-chrome.ts';

/** The first focusable element of a page: lets keyboard users jump past the navigation. */
export function SkipLink({ targetId = mainContentId }: { targetId?: string }) {
  return (
    <a href={`#${targetId}`} className={skipLink.style}>
      {skipLink.label}
    </a>
  );
}
