import { describe, expect, it } from 'vitest';
import { buildTaskIcs, type IcsTask } from './ics.ts';

const options = {
  appUrl: 'https://jotlist.test',
  todoId: 'todo-1',
  categoryId: 'cat-1',
  now: new Date('2027-01-01T12:00:00Z'),
  timeZone: 'Europe/Berlin',
};
const task: IcsTask = {
  id: 'task-1',
  text: 'Standup',
  completed: false,
  dueDate: '2027-01-04',
  dueTime: '09:30',
  priority: 'medium',
  estimatedTime: null,
};
const unfold = (content: string) => content.replace(/\r\n[ \t]/g, '');

describe('the .ics download of a repeating task', () => {
  it('holds the series from the due date in the account zone', () => {
    const content = unfold(
      buildTaskIcs({ ...task, repeat: { rule: 'FREQ=WEEKLY;BYDAY=MO', mode: 'fixed' } }, [], options).content,
    );
    expect(content).toContain('DTSTART;TZID=Europe/Berlin:20270104T093000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\n');
    expect(content.match(/DTSTART/g)).toHaveLength(1);
  });

  it('stays one event without a rule a calendar can follow from here', () => {
    for (const repeat of [
      null,
      { rule: 'FREQ=DAILY;COUNT=3', mode: 'fixed' as const },
      { rule: 'FREQ=DAILY', mode: 'afterCompletion' as const },
    ]) {
      const content = unfold(buildTaskIcs({ ...task, repeat }, [], options).content);
      expect(content).toContain('DTSTART:20270104T083000Z');
      expect(content).not.toContain('RRULE');
    }
  });
});
