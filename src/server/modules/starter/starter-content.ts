import { starterTitle, starterWelcomePage } from '../../../shared/domain/starter.ts';
import { dayInTimeZone } from '../../../shared/domain/time-zone.ts';
import type { RawBackup } from '../backup/index.ts';

/**
 * What a new account starts with (docs/PRODUCT.md §10.3): a short `Getting started` notebook and a `Getting
 * started` list that show the features, written in the backup file's shape so the import's validation,
 * id remapping and multi-row inserts serve it too. Due dates are relative to the account's creation.
 * They are ordinary rows: renamed, moved or deleted like any other.
 */

export { starterTitle };

const page = (id: string, sectionId: string, title: string, lines: string[]) => ({
  id,
  section_id: sectionId,
  title,
  content: lines.join('\n'),
});

const notes = [
  page('p-welcome', 's-welcome', starterWelcomePage, [
    'Notes live in **notebooks**, which hold **sections**, which hold **pages**. This notebook is yours:',
    'rename it, move its pages, or delete it once you have read it.',
    '',
    '- [ ] Open the other pages of this section',
    '- [ ] Look at the `Getting started` list under Todos',
    '- [ ] Create a notebook of your own',
  ]),
  page('p-markdown', 's-welcome', 'Write in Markdown', [
    'Pages are plain text written in Markdown:',
    '',
    '## Headings start with a # sign',
    '- lists start with a dash',
    '- **bold**, *italic* and `code`',
    '- [ ] a checkbox you can tick',
    '',
    '> Quotes start with >, and [links](https://commonmark.org/help/) open in a new tab.',
    '',
    'Every change is saved as you type, and kept on this device until the server has it.',
  ]),
  page('p-search', 's-tips', 'Find anything', [
    'The search box at the top finds words in every page title, page and task.',
    'Try searching for "Markdown".',
  ]),
  page('p-shortcuts', 's-tips', 'Keyboard shortcuts', [
    '- `Ctrl K` (`⌘ K` on a Mac): jump to any notebook, page, list or task, or run a command',
    '- `n`: a new page or task',
    '- `/`: search',
    '- `?`: every shortcut',
    '',
    'Pages, sections and tasks can also be moved with the keyboard: focus the handle, press Space,',
    'move with the arrow keys and press Space again.',
  ]),
  page('p-calendars', 's-tips', 'Calendars', [
    'Tasks with a due date can appear in your calendar: open Settings → Calendars to subscribe to',
    'your private calendar feed, or add a single task to a calendar from its menu.',
  ]),
  page('p-backup', 's-tips', 'Back up your data', [
    'Settings → Backup downloads everything you have written as one JSON file, and imports such a file',
    'again, here or in another account.',
  ]),
];

interface Task {
  id: string;
  category_id: string;
  text: string;
  due?: number;
  priority?: 'low' | 'medium' | 'high' | 'urgent';
  estimated_time?: number;
}

const tasks: Task[] = [
  { id: 't-tick', category_id: 'c-try', text: 'Tick this task off', due: 0, priority: 'high' },
  {
    id: 't-open',
    category_id: 'c-try',
    text: 'Open this task to see its subtasks',
    due: 1,
    priority: 'medium',
  },
  { id: 't-drag', category_id: 'c-try', text: 'Drag a task to put it in another order', due: 3 },
  {
    id: 't-details',
    category_id: 'c-try',
    text: 'Give a task a due date, a priority and an estimate',
    priority: 'low',
    estimated_time: 10,
  },
  { id: 't-calendar', category_id: 'c-next', text: 'Add your tasks to your calendar', due: 7 },
  { id: 't-backup', category_id: 'c-next', text: 'Download a backup', priority: 'urgent' },
];

const subtasks = [
  { id: 'st-1', todo_item_id: 't-open', text: 'Tick a subtask', completed: true },
  { id: 'st-2', todo_item_id: 't-open', text: 'Add a subtask of your own', completed: false },
  { id: 'st-3', todo_item_id: 't-open', text: 'Delete this subtask', completed: false },
];

/** `YYYY-MM-DD` of the calendar day `days` after `today` (`YYYY-MM-DD`). */
function dayAfter(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The starter content as a backup file; the ids are local to it (the import gives every row a new one).
 * Due dates count from the day it is in `timeZone` (where the person signed up), so the task due today
 * reads `Today` in the evening in California as in the morning in Tokyo.
 */
export function starterBackup(now: Date, timeZone: string): RawBackup {
  const today = dayInTimeZone(now, timeZone);
  const at = now.toISOString();
  const stamp = <T extends object>(row: T, position: number) => ({
    ...row,
    position,
    created_at: at,
    updated_at: at,
  });
  return {
    notebooks: [stamp({ id: 'n-start', title: starterTitle, color: '#3B82F6' }, 0)],
    sections: [
      stamp({ id: 's-welcome', notebook_id: 'n-start', title: 'Welcome' }, 0),
      stamp({ id: 's-tips', notebook_id: 'n-start', title: 'Tips' }, 1),
    ],
    notes: notes.map((note, index) => stamp(note, index)),
    todos: [stamp({ id: 'l-start', title: starterTitle, color: '#10B981' }, 0)],
    todoCategories: [
      stamp({ id: 'c-try', todo_id: 'l-start', title: 'Try these' }, 0),
      stamp({ id: 'c-next', todo_id: 'l-start', title: 'Next' }, 1),
    ],
    todoItems: tasks.map(({ due, ...task }, index) =>
      stamp(
        {
          ...task,
          completed: false,
          due_date: due === undefined ? null : dayAfter(today, due),
          priority: task.priority ?? null,
          estimated_time: task.estimated_time ?? null,
        },
        index,
      ),
    ),
    todoSubtasks: subtasks.map((subtask, index) => stamp(subtask, index)),
    calendarIntegrations: [],
    taskCalendarEvents: [],
  };
}
