import { linkCopiedHtml } from '../../../../shared/blog-markup.ts';

/** How long `Link copied!` stays on screen (spec §2: 2 seconds). */
export const copiedNoticeMs = 2000;

/**
 * The server-rendered post's Share button, as the SPA's ShareButton has it: the device's share sheet
 * where the browser has one, else the page's link is copied and `Link copied!` shows for 2 s. A
 * cancelled sheet or a refused clipboard is only logged.
 */
export function runShareButton(doc: Document): void {
  const button = doc.querySelector<HTMLButtonElement>('button[data-share-title]');
  const status = doc.querySelector<HTMLElement>('[data-share-status]');
  const view = doc.defaultView;
  if (!button || !status || !view) return;
  let timer: ReturnType<typeof setTimeout> | undefined;

  button.addEventListener('click', async () => {
    const url = view.location.href;
    const { navigator } = view;
    if (typeof navigator.share === 'function') {
      const title = button.dataset.shareTitle ?? '';
      const text = button.dataset.shareText ?? '';
      try {
        await navigator.share({ title, text, url });
      } catch (error) {
        // The reader closing the sheet is an AbortError: nothing went wrong.
        if ((error as Error).name !== 'AbortError') console.warn('Sharing failed', error);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      status.innerHTML = linkCopiedHtml(status.dataset.copiedText ?? '');
      clearTimeout(timer);
      timer = setTimeout(() => {
        status.textContent = '';
      }, copiedNoticeMs);
    } catch (error) {
      console.warn('Copying the link failed', error);
    }
  });
}
