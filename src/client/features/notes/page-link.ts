/**
 * A page's address in the workspace, `/app/pages/<id>`: what the address bar shows while the page is
 * open, what Copy link puts on the clipboard, and what a reload or a shared link opens.
 */
export const workspacePath = '/app';

export const pagePath = (noteId: string): string => `${workspacePath}/pages/${encodeURIComponent(noteId)}`;

/** The page a workspace address names, or null (`/app`, or anything else). */
export function pageIdOf(pathname: string): string | null {
  const match = /^\/app\/pages\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    // A malformed escape is no page of ours; the workspace says so like for any unknown id.
    return match[1];
  }
}

/** The full link to a page, for the clipboard. */
export const pageUrl = (noteId: string): string => `${window.location.origin}${pagePath(noteId)}`;
