import type { ReactNode } from 'react';

/** A plain page frame with its heading; later work replaces these pages with the real screens. */
export function PageShell({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}
