import ChevronRight from 'lucide-react/icons/chevron-right';
import FileJson from 'lucide-react/icons/file-json';
import RefreshCw from 'lucide-react/icons/refresh-cw';

// Small decorative pictures at the top of the feature cards, in HTML and CSS (hidden from assistive
// technology: the card's text says the same thing).

const panel =
  'flex h-32 items-center justify-center overflow-hidden rounded-xl bg-gradient-to-b from-slate-50 to-slate-100/60 ring-1 ring-slate-200/70 ring-inset';

export function NotesVisual() {
  return (
    <div className={panel} aria-hidden="true">
      <div className="flex items-center gap-1.5 text-xs font-medium">
        <span className="rounded-md bg-white px-2.5 py-1.5 text-slate-700 shadow-sm ring-1 ring-slate-200">
          <span className="mr-1.5 inline-block h-2 w-2 rounded-full bg-blue-500" />
          Work
        </span>
        <ChevronRight className="h-3.5 w-3.5 text-slate-400" />
        <span className="rounded-md bg-white px-2.5 py-1.5 text-slate-700 shadow-sm ring-1 ring-slate-200">
          Product launch
        </span>
        <ChevronRight className="h-3.5 w-3.5 text-slate-400" />
        <span className="rounded-md bg-blue-600 px-2.5 py-1.5 text-white shadow-sm">Launch plan</span>
      </div>
    </div>
  );
}

const taskRows = [
  {
    text: 'Finalize pricing page',
    badge: 'Today',
    badgeStyle: 'bg-amber-100 text-amber-800',
    width: 'w-1/2',
    bar: 'bg-amber-400',
  },
  {
    text: 'Send beta invites',
    badge: 'Urgent',
    badgeStyle: 'bg-rose-100 text-rose-700',
    width: 'w-4/5',
    bar: 'bg-emerald-500',
  },
];

export function TasksVisual() {
  return (
    <div className={panel} aria-hidden="true">
      <div className="w-64 space-y-2">
        {taskRows.map((row) => (
          <div key={row.text} className="rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ring-slate-200">
            <div className="flex items-center gap-2 text-[11px]">
              <span className="h-3 w-3 rounded-full border border-slate-300" />
              <span className="flex-1 font-medium text-slate-800">{row.text}</span>
              <span className={`rounded px-1.5 py-0.5 text-[10px] font-semibold ${row.badgeStyle}`}>
                {row.badge}
              </span>
            </div>
            <div className="mt-1.5 ml-5 h-1 rounded-full bg-slate-100">
              <div className={`h-full rounded-full ${row.width} ${row.bar}`} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

export function CalendarVisual() {
  return (
    <div className={panel} aria-hidden="true">
      <div className="grid w-64 grid-cols-5 gap-1 text-center text-[10px]">
        {days.map((day, index) => (
          <div key={day}>
            <p className="font-medium text-slate-500">{day}</p>
            <div className="relative mt-1 h-16 rounded-md bg-white ring-1 ring-slate-200">
              {index === 1 && <div className="absolute inset-x-1 top-2 h-4 rounded bg-slate-100" />}
              {index === 2 && <div className="absolute inset-x-1 top-8 h-5 rounded bg-slate-100" />}
              {index === 4 && (
                <div className="absolute inset-x-0.5 top-1.5 rounded bg-violet-600 px-1 py-1 text-left leading-tight text-white shadow-sm">
                  <span className="block font-semibold">9:00</span>
                  <span className="block truncate text-violet-100 dark:text-white">Pricing</span>
                </div>
              )}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

export function BackupVisual() {
  return (
    <div className={panel} aria-hidden="true">
      <div className="flex items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
        <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-amber-50 text-amber-600">
          <FileJson className="h-5 w-5" />
        </span>
        <span className="text-left">
          <span className="block text-xs font-semibold text-slate-800">backup-2025-01-14.json</span>
          <span className="mt-0.5 flex items-center gap-1 text-[11px] text-emerald-700">
            <RefreshCw className="h-3 w-3" />
            Backed up 2 hours ago
          </span>
        </span>
      </div>
    </div>
  );
}
