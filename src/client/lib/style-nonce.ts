import { setNonce } from 'get-nonce';

/**
 * The nonce this page's Content-Security-Policy allows <style> elements by (`style-src 'self'
 * 'nonce-…'`, no 'unsafe-inline'). The server puts a fresh one into every app shell it sends, in the
 * header and in index.html's `<meta property="csp-nonce">` (server/plugins/app-shell.ts). The browser
 * blanks the attribute once the element is in the page, so a stylesheet cannot read it with an
 * attribute selector; the element's `nonce` property still holds it. Under `vite dev` it is the
 * placeholder (the dev server sends no CSP), in unit tests undefined.
 *
 * Libraries that add a <style> element at run time take it from here: Radix's scroll lock behind every
 * dialog and menu (react-remove-scroll, through get-nonce, set below before anything renders),
 * CodeMirror (`EditorView.cspNonce`) and Tiptap (`injectNonce`).
 */
export const styleNonce: string | undefined =
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

if (styleNonce) setNonce(styleNonce);
