import type { ReactNode } from 'react';

interface SidebarFrameProps {
  open: boolean;
  /** Below the collapse breakpoint the sidebar floats over the content, with a backdrop that closes it. */
  narrow: boolean;
  onClose(): void;
  children: ReactNode;
}

/** The sidebar's place in the layout: docked on a wide window, an overlay on a narrow one. */
export function SidebarFrame({ open, narrow, onClose, children }: SidebarFrameProps) {
  return (
    <>
      {open && narrow && (
        <button
          type="button"
          aria-label="Close sidebar"
          tabIndex={-1}
          onClick={onClose}
          className="absolute inset-0 z-10 bg-slate-900/20"
        />
      )}
      <nav
        id="workspace-sidebar"
        aria-label="Sidebar"
        hidden={!open}
        className={`z-20 w-72 shrink-0 border-r border-slate-200 bg-slate-50 ${
          narrow ? 'absolute inset-y-0 left-0 w-[min(20rem,85vw)] shadow-xl' : ''
        }`}
      >
        {children}
      </nav>
    </>
  );
}
