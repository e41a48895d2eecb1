import CalendarPlus from 'lucide-react/icons/calendar-plus';
import Flag from 'lucide-react/icons/flag';
import GripVertical from 'lucide-react/icons/grip-vertical';
import Link2 from 'lucide-react/icons/link-2';
import ListTree from 'lucide-react/icons/list-tree';
import Search from 'lucide-react/icons/search';
import { SectionHeading } from './section-heading.tsx';
import { TaskDemo } from './task-demo.tsx';

const powerFeatures = [
  {
    icon: GripVertical,
    title: 'Drag and drop everything',
    body: 'Reorder notebooks, pages, lists and tasks, or move them to a new home, with mouse or keyboard.',
  },
  {
    icon: Flag,
    title: 'Priorities and estimates',
    body: 'Low, Medium, High or Urgent, plus an estimate in hours and minutes for every task.',
  },
  {
    icon: ListTree,
    title: 'Subtasks that keep you honest',
    body: 'Progress fills in as you go, and a task can’t be ticked off while its subtasks are open.',
  },
  {
    icon: Search,
    title: 'Search across everything',
    body: 'Find any note by its title or contents and any task by its text, as fast as you can type.',
  },
  {
    icon: CalendarPlus,
    title: 'Your calendar, in sync',
    body: 'Send tasks to Google Calendar or Outlook, or grab an .ics file for Apple Calendar.',
  },
  {
    icon: Link2,
    title: 'Links straight to the task',
    body: 'Every calendar event carries a link that opens Jotlist on exactly that task.',
  },
];

export function DemoSection() {
  return (
    <section
      id="demo"
      tabIndex={-1}
      aria-labelledby="demo-title"
      className="light-palette relative isolate scroll-mt-16 overflow-hidden bg-slate-950 py-24 focus:outline-none sm:py-32"
    >
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <div className="absolute -top-40 left-1/2 h-[480px] w-[900px] -translate-x-1/2 rounded-full bg-blue-600/20 blur-3xl" />
        <div className="absolute right-0 bottom-0 h-72 w-72 rounded-full bg-violet-600/15 blur-3xl" />
      </div>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="demo-title"
          tone="dark"
          eyebrow="For power users"
          title="Plan the big things. Finish the small ones."
          lead="Jotlist stays out of your way when you just need to write, and has the depth you want when a project gets serious. Try it: tick off a few subtasks."
        />
        <div className="mt-16 grid items-start gap-12 lg:grid-cols-[1fr_1.05fr] lg:gap-16">
          <ul className="order-last grid gap-x-8 gap-y-8 sm:grid-cols-2 lg:order-first lg:pt-4">
            {powerFeatures.map(({ icon: Icon, title, body }) => (
              <li key={title} className="flex gap-4 sm:block">
                <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-white/5 text-blue-300 ring-1 ring-white/10">
                  <Icon className="h-4.5 w-4.5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold text-white sm:mt-4">{title}</h3>
                  <p className="mt-1.5 text-sm leading-6 text-slate-400">{body}</p>
                </div>
              </li>
            ))}
          </ul>
          <TaskDemo />
        </div>
      </div>
    </section>
  );
}
