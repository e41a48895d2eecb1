import type { ReactNode } from 'react';
import { Logo } from '../../../components/layout/logo.tsx';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card: the "no account yet? / already have one?" links. */
  footer?: ReactNode;
}

/** The frame every authentication screen shares: the mark linking home, one card, a footer line. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-slate-50 via-white to-blue-50/60">
      <header className="mx-auto flex w-full max-w-md items-center justify-center px-4 pt-10 pb-6 sm:pt-16">
        <Logo />
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-4 pb-12">
        <div className="rounded-2xl border border-slate-200 bg-white px-5 py-7 shadow-sm sm:px-8 sm:py-9">
          <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle ? <div className="mt-2 text-center text-sm text-slate-600">{subtitle}</div> : null}
          <div className="mt-7">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </main>
    </div>
  );
}

/** An inline text link styled the same on every auth screen. */
export const linkClass =
  'font-medium text-blue-700 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
