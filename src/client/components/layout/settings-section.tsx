import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** A titled block of the settings panel, with its heading as the section's accessible name. */
export function SettingsSection({
  title,
  icon: Icon,
  description,
  children,
  tone = 'default',
}: {
  title: string;
  icon: LucideIcon;
  description?: string;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`space-y-4 rounded-xl border p-4 sm:p-5 ${tone === 'danger' ? 'border-red-200 bg-red-50/40' : 'border-slate-200'}`}
    >
      <div>
        <h3 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Icon
            className={`h-4.5 w-4.5 ${tone === 'danger' ? 'text-red-600' : 'text-blue-600'}`}
            aria-hidden="true"
          />
          {title}
        </h3>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
