import { useCallback } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { pageUrl } from '../page-link.ts';

/** Copy link: the page's address on the clipboard, confirmed by a toast (or why it could not be). */
export function useCopyPageLink(): (noteId: string) => void {
  const { showNotice, showError } = useToasts();
  return useCallback(
    (noteId: string) => {
      const failed = (error: unknown) => {
        console.warn('Copy link failed', error);
        showError(messages.notes.copyLinkFailed);
      };
      // No clipboard outside a secure context (http on another host than localhost).
      if (!navigator.clipboard) return failed(new Error('navigator.clipboard is unavailable'));
      navigator.clipboard
        .writeText(pageUrl(noteId))
        .then(() => showNotice(messages.notes.linkCopied), failed);
    },
    [showNotice, showError],
  );
}
