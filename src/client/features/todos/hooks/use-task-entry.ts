import { useCallback } from 'react';
import type { TaskEntry, TaskEntryOptions } from '../../../../shared/domain/quick-add-entry.ts';
import type { CreateTaskBody } from '../../../../shared/schemas/task.ts';
import { browserTimeZone } from '../../../lib/browser-time-zone.ts';
import { useAccountTimeZone } from '../../auth/index.ts';
import { type QuickAddParser, useQuickAddParser } from './use-quick-add-parser.ts';

/** What a typed task sets besides its place: its name, due date and time, priority and labels. */
export type TaskEntryFields = Pick<
  CreateTaskBody,
  'text' | 'dueDate' | 'dueTime' | 'priority' | 'labelNames' | 'repeat'
>;

const unread = (text: string): TaskEntry => ({
  title: text.trim(),
  dueDate: null,
  dueTime: null,
  dueText: null,
  priority: null,
  priorityText: null,
  labelNames: [],
  repeat: null,
  repeatText: null,
});

/**
 * One reading for every box that creates a task (quick add, and the first name of a task made with `+`
 * or `n`): `#labels`, dates, times and priorities, with "today" in the account's time zone. The parser
 * downloads on first use (`load`); `parse` answers the plain text until then.
 */
export function useTaskEntry() {
  const { parser, load } = useQuickAddParser();
  const zone = useAccountTimeZone() ?? browserTimeZone() ?? 'UTC';

  const parse = useCallback(
    (from: QuickAddParser | null, text: string, options: TaskEntryOptions = {}): TaskEntry =>
      from ? from.parseTaskEntry(text, new Date(), zone, options) : unread(text),
    [zone],
  );

  /**
   * The fields `text` gives a task; the title is empty when only recognised words were typed. Labels go
   * by name: the server creates the new ones with the task, so a refused task creates none.
   */
  const read = useCallback(
    async (text: string, options: TaskEntryOptions = {}): Promise<TaskEntryFields> => {
      const ready = parser ?? (await load());
      const entry = parse(ready, text, options);
      return {
        text: entry.title,
        ...(entry.labelNames.length > 0 ? { labelNames: entry.labelNames } : {}),
        ...(entry.dueDate ? { dueDate: entry.dueDate } : {}),
        // A repeat with no typed day: the server dates it on the first occurrence, at this time.
        ...((entry.dueDate || entry.repeat) && entry.dueTime ? { dueTime: entry.dueTime } : {}),
        ...(entry.priority ? { priority: entry.priority } : {}),
        ...(entry.repeat ? { repeat: entry.repeat } : {}),
      };
    },
    [parser, load, parse],
  );

  return { parser, load, parse, read };
}
