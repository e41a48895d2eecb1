import { type ComponentType, type SVGProps, useId } from 'react';

export interface Highlight {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  body: string;
}

/** "The short version": three cards above a legal document's sections. */
export function LegalHighlights({ label, items }: { label: string; items: Highlight[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-14">
      <h2 id={headingId} className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
        {label}
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {items.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-blue-50 text-blue-600 ring-1 ring-blue-100">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
            <p className="mt-1.5 text-sm leading-6 text-slate-600">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
