/** The settings dialogs' overlay and panel, as the delete-account dialog draws them. */
export const dialogOverlayClass = 'fixed inset-0 z-[60] bg-slate-900/50';
export const dialogContentClass =
  'fixed top-1/2 left-1/2 z-[70] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none';
