import type { ReactNode } from 'react';
import { Logo } from '../../../components/layout/logo.tsx';

/** The frame of the checkout result and test-mode pages: the mark, then one centred card. */
export function BillingPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-slate-50 via-white to-blue-50/60">
      <header className="mx-auto flex w-full max-w-md items-center justify-center px-4 pt-10 pb-6 sm:pt-16">
        <Logo />
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-4 pb-12">
        <div className="rounded-2xl border border-slate-200 bg-white px-5 py-7 shadow-sm sm:px-8 sm:py-9">
          {children}
        </div>
      </main>
    </div>
  );
}
