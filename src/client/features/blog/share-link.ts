/** How long `Link copied!` stays on screen (docs/PRODUCT.md §2: 2 seconds). */
export const copiedNoticeMs = 2000;

/**
 * Share (docs/PRODUCT.md §2): the device's share sheet where the browser has one, else the page's link is copied.
 * True when the link went to the clipboard, so the caller shows `Link copied!` for copiedNoticeMs. A
 * cancelled sheet or a refused clipboard is only logged. Shared by the SPA's ShareButton and the
 * server-rendered post's script (static-page/share-button.ts), which must behave alike.
 */
export async function shareOrCopyLink(
  navigator: Navigator,
  link: { title: string; text: string; url: string },
): Promise<boolean> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(link);
    } catch (error) {
      // The reader closing the sheet is an AbortError: nothing went wrong.
      if ((error as Error).name !== 'AbortError') console.warn('Sharing failed', error);
    }
    return false;
  }
  try {
    await navigator.clipboard.writeText(link.url);
    return true;
  } catch (error) {
    console.warn('Copying the link failed', error);
    return false;
  }
}
