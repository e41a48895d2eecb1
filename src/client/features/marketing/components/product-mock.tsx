import CalendarCheck from 'lucide-react/icons/calendar-check';
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Lock from 'lucide-react/icons/lock';
import Search from 'lucide-react/icons/search';

// A picture of the workspace drawn in HTML and CSS: it stays sharp at any width and costs no image
// download. It is one image to assistive technology (role="img"), described by its label.

const notebooks = [
  { name: 'Work', color: 'bg-blue-500', count: 12, open: true },
  { name: 'Personal', color: 'bg-emerald-500', count: 8, open: false },
  { name: 'Reading list', color: 'bg-amber-500', count: 5, open: false },
];
const sections = ['Product launch', 'Meeting notes', 'Research'];
const pages = ['Launch plan — Q3', 'Pricing page copy', 'Beta feedback', 'Press kit'];
const milestones = [
  { text: 'Finish the pricing page copy', done: true },
  { text: 'Second round of beta feedback', done: true },
  { text: 'Record the walkthrough video', done: false },
  { text: 'Send the launch e-mail', done: false },
];

function Sidebar() {
  return (
    <div className="hidden border-r border-slate-200 bg-slate-50/80 p-3 sm:block">
      <div className="grid grid-cols-2 rounded-lg bg-slate-200/70 p-0.5 text-[11px] font-medium">
        <span className="rounded-md bg-white py-1 text-center text-slate-900 shadow-sm">Notes</span>
        <span className="py-1 text-center text-slate-600">Todos</span>
      </div>
      <div className="mt-3 flex items-center gap-1.5 rounded-md border border-slate-200 bg-white px-2 py-1.5 text-[11px] text-slate-500">
        <Search className="h-3 w-3" />
        Search notes and tasks
      </div>
      <p className="mt-4 px-1 text-[10px] font-semibold tracking-wider text-slate-500 uppercase">Notebooks</p>
      <ul className="mt-1.5 space-y-0.5 text-[12px]">
        {notebooks.map((notebook) => (
          <li key={notebook.name}>
            <div className="flex items-center gap-1.5 rounded-md px-1 py-1 text-slate-700">
              {notebook.open ? (
                <ChevronDown className="h-3 w-3 text-slate-500" />
              ) : (
                <ChevronRight className="h-3 w-3 text-slate-500" />
              )}
              <span className={`h-2 w-2 rounded-full ${notebook.color}`} />
              <span className="flex-1 font-medium">{notebook.name}</span>
              <span className="text-[10px] text-slate-500">{notebook.count}</span>
            </div>
            {notebook.open && (
              <ul className="mt-0.5 ml-5 space-y-0.5">
                {sections.map((section, index) => (
                  <li
                    key={section}
                    className={`rounded-md px-2 py-1 ${index === 0 ? 'bg-blue-100/70 font-medium text-blue-800' : 'text-slate-600'}`}
                  >
                    {section}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <div className="my-3 flex items-center justify-center">
        <span className="h-1 w-8 rounded-full bg-slate-300" />
      </div>
      <p className="px-1 text-[10px] font-semibold tracking-wider text-slate-500 uppercase">Pages</p>
      <ul className="mt-1.5 space-y-0.5 text-[12px]">
        {pages.map((page, index) => (
          <li
            key={page}
            className={`truncate rounded-md px-2 py-1 ${index === 0 ? 'bg-white font-medium text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600'}`}
          >
            {page}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Editor() {
  return (
    <div className="min-w-0 px-5 py-5 sm:px-8 sm:py-7">
      <p className="text-[11px] text-slate-500">Work › Product launch</p>
      <p className="mt-2 text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">Launch plan — Q3</p>
      <p className="mt-1.5 inline-flex items-center gap-1 text-[11px] text-slate-500">
        Edited just now · Saved
        <Check className="h-3 w-3 text-emerald-500" />
      </p>
      <p className="mt-4 text-[13px] leading-6 text-slate-600">
        Get the new onboarding in front of 200 beta users by the end of the month, then open the waitlist.
        Everything below rolls up into the <span className="font-medium text-slate-800">Product launch</span>{' '}
        list.
      </p>
      <p className="mt-5 text-[13px] font-semibold text-slate-900">Milestones</p>
      <ul className="mt-2 space-y-1.5 text-[13px]">
        {milestones.map((item) => (
          <li key={item.text} className="flex items-center gap-2">
            <span
              className={`flex h-3.5 w-3.5 items-center justify-center rounded ${item.done ? 'bg-blue-600' : 'border border-slate-300'}`}
            >
              {item.done && <Check className="h-2.5 w-2.5 text-white" strokeWidth={3} />}
            </span>
            <span className={item.done ? 'text-slate-500 line-through' : 'text-slate-700'}>{item.text}</span>
          </li>
        ))}
      </ul>
      <p className="mt-5 text-[13px] font-semibold text-slate-900">Notes from Tuesday</p>
      <p className="mt-2 text-[13px] leading-6 text-slate-600">
        Keep onboarding to three steps. People should write their first note within a minute of signing up
        <span className="ml-0.5 inline-block h-4 w-px translate-y-0.5 animate-pulse bg-blue-600" />
      </p>
    </div>
  );
}

const tasks = [
  {
    text: 'Finalize pricing page',
    badge: 'Today',
    badgeStyle: 'bg-amber-100 text-amber-800',
    meta: '1h 30m',
    progress: 50,
  },
  {
    text: 'Record walkthrough video',
    badge: 'Tomorrow',
    badgeStyle: 'bg-blue-100 text-blue-800',
    meta: '2h',
    progress: 25,
  },
  {
    text: 'Send beta invites',
    badge: '3d',
    badgeStyle: 'bg-slate-100 text-slate-700',
    meta: '45m',
    progress: 75,
  },
];

function TasksCard() {
  return (
    <div className="absolute -right-6 -bottom-10 hidden w-72 rounded-xl bg-white p-4 shadow-2xl ring-1 shadow-slate-900/15 ring-slate-900/10 lg:block xl:-right-14">
      <div className="flex items-center justify-between">
        <p className="flex items-center gap-2 text-[13px] font-semibold text-slate-900">
          <span className="h-2 w-2 rounded-full bg-emerald-500" />
          Product launch
        </p>
        <span className="text-[11px] text-slate-500">3 active</span>
      </div>
      <ul className="mt-3 space-y-3">
        {tasks.map((task) => (
          <li key={task.text}>
            <div className="flex items-center gap-2 text-[12px]">
              <span className="h-3.5 w-3.5 shrink-0 rounded-full border border-slate-300" />
              <span className="flex-1 truncate font-medium text-slate-800">{task.text}</span>
              <span className={`rounded px-1.5 py-0.5 text-[10px] font-semibold ${task.badgeStyle}`}>
                {task.badge}
              </span>
            </div>
            <div className="mt-1.5 ml-5.5 flex items-center gap-2">
              <span className="h-1 flex-1 overflow-hidden rounded-full bg-slate-100">
                <span
                  className={`block h-full rounded-full ${task.progress >= 75 ? 'bg-emerald-500' : task.progress >= 50 ? 'bg-amber-400' : 'bg-orange-400'}`}
                  style={{ width: `${task.progress}%` }}
                />
              </span>
              <span className="text-[10px] text-slate-500">{task.meta}</span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SyncToast() {
  return (
    <div className="absolute bottom-14 -left-8 hidden items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-xl ring-1 shadow-slate-900/10 ring-slate-900/10 lg:flex xl:-left-16">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
        <CalendarCheck className="h-4 w-4" />
      </span>
      <span>
        <span className="block text-[12px] font-semibold text-slate-900">Synced to Calendar</span>
        <span className="block text-[11px] text-slate-500">Finalize pricing page · Fri 9:00</span>
      </span>
    </div>
  );
}

export function ProductMock() {
  return (
    <div
      role="img"
      aria-label="The Jotlist workspace: notebooks and pages in a sidebar beside an open note, with a task list synced to a calendar"
      className="relative"
    >
      <div className="rounded-2xl bg-slate-900/[0.04] p-1.5 ring-1 ring-slate-900/10 sm:p-2.5">
        <div className="overflow-hidden rounded-xl bg-white shadow-2xl ring-1 shadow-blue-900/10 ring-slate-900/10">
          <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
            <span className="flex gap-1.5">
              <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
              <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
              <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
            </span>
            <span className="mx-auto flex items-center gap-1.5 rounded-md bg-white px-3 py-1 text-[11px] text-slate-500 ring-1 ring-slate-200">
              <Lock className="h-3 w-3" />
              jotlist.app
            </span>
            <span className="w-10" />
          </div>
          <div className="flex items-center justify-between gap-3 bg-blue-600 px-4 py-1.5 text-[11px] text-white">
            <span>Free trial · 5 days left</span>
            <span className="font-semibold underline underline-offset-2">Choose a plan</span>
          </div>
          <div className="grid min-h-[360px] sm:grid-cols-[220px_1fr] lg:grid-cols-[240px_1fr]">
            <Sidebar />
            <Editor />
          </div>
        </div>
      </div>
      <SyncToast />
      <TasksCard />
    </div>
  );
}
