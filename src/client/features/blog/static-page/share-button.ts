import { linkCopiedHtml } from '../../../../shared/blog-markup.ts';
import { copiedNoticeMs, shareOrCopyLink } from '../share-link.ts';

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
    const link = {
      title: button.dataset.shareTitle ?? '',
      text: button.dataset.shareText ?? '',
      url: view.location.href,
    };
    if (!(await shareOrCopyLink(view.navigator, link))) return;
    status.innerHTML = linkCopiedHtml(status.dataset.copiedText ?? '');
    clearTimeout(timer);
    timer = setTimeout(() => {
      status.textContent = '';
    }, copiedNoticeMs);
  });
}
