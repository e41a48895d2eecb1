import CalendarDays from 'lucide-react/icons/calendar-days';
import Check from 'lucide-react/icons/check';
import DatabaseBackup from 'lucide-react/icons/database-backup';
import InfinityIcon from 'lucide-react/icons/infinity';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import ListChecks from 'lucide-react/icons/list-checks';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { BackupVisual, CalendarVisual, NotesVisual, TasksVisual } from './feature-visuals.tsx';
import { SectionHeading } from './section-heading.tsx';

const features = [
  {
    icon: NotebookPen,
    tint: 'bg-blue-50 text-blue-600 ring-blue-100',
    title: 'Note-taking',
    visual: NotesVisual,
    body: 'Notebooks hold sections, sections hold pages. A structure that matches how you already think, without a single setting to configure.',
    points: ['Notebooks, sections and pages', 'Autosave as you type', 'Drag pages between sections'],
  },
  {
    icon: ListChecks,
    tint: 'bg-emerald-50 text-emerald-600 ring-emerald-100',
    title: 'Task management',
    visual: TasksVisual,
    body: 'Lists, categories, tasks and subtasks, with due dates, priorities and time estimates so you always know what comes next.',
    points: [
      'Low, Medium, High and Urgent',
      'Progress from your subtasks',
      'Overdue, Today and Tomorrow at a glance',
    ],
  },
  {
    icon: CalendarDays,
    tint: 'bg-violet-50 text-violet-600 ring-violet-100',
    title: 'Calendar integration',
    visual: CalendarVisual,
    body: 'Put a task on your calendar in one click. Sync to Google Calendar or Outlook, or download an .ics file for Apple Calendar.',
    points: [
      'Google Calendar and Outlook sync',
      '.ics files for Apple Calendar',
      'Each event links back to its task',
    ],
  },
  {
    icon: DatabaseBackup,
    tint: 'bg-amber-50 text-amber-600 ring-amber-100',
    title: 'Automatic backup',
    visual: BackupVisual,
    body: 'Your work is backed up several times a day, automatically. Export everything to a JSON file whenever you like, and import it back.',
    points: ['Backups several times a day', 'One-file JSON export', 'Restore with a single import'],
  },
];

const extras = [
  {
    icon: InfinityIcon,
    title: 'Unlimited notes and tasks',
    body: 'No caps on notebooks, pages, lists or tasks. Ever.',
  },
  {
    icon: ShieldCheck,
    title: 'Encrypted connections',
    body: 'HTTPS in transit; calendar access encrypted at rest with AES-256-GCM, and the built-in SQLite database and its backups with AES-256.',
  },
  { icon: LifeBuoy, title: 'Priority support', body: 'Real people, Monday to Friday, 9am to 6pm EST.' },
];

export function FeaturesSection() {
  return (
    <section
      id="features"
      tabIndex={-1}
      aria-labelledby="features-title"
      className="scroll-mt-20 py-24 focus:outline-none sm:py-32"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="One home for what you know and what you need to do"
          lead="Most people juggle a notes app, a to-do app and a calendar that never talk to each other. Jotlist puts them in one calm, fast workspace."
        />
        <ul className="mt-16 grid gap-6 sm:grid-cols-2">
          {features.map(({ icon: Icon, tint, title, body, points, visual: Visual }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm transition hover:border-slate-300 hover:shadow-md"
            >
              <Visual />
              <div className="px-4 pt-6 pb-5 sm:px-5">
                <h3 className="flex items-center gap-3 text-lg font-semibold text-slate-900">
                  <span
                    className={`inline-flex h-9 w-9 items-center justify-center rounded-lg ring-1 ${tint}`}
                  >
                    <Icon className="h-4.5 w-4.5" aria-hidden="true" />
                  </span>
                  {title}
                </h3>
                <p className="mt-3 leading-7 text-slate-600">{body}</p>
                <ul className="mt-5 space-y-2 text-sm text-slate-700">
                  {points.map((point) => (
                    <li key={point} className="flex items-center gap-2">
                      <Check className="h-4 w-4 shrink-0 text-blue-600" aria-hidden="true" />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
        <ul className="mt-6 grid gap-px overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 sm:grid-cols-3">
          {extras.map(({ icon: Icon, title, body }) => (
            <li key={title} className="flex gap-4 bg-slate-50 p-6">
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-blue-600" aria-hidden="true" />
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
