import { DndContext } from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskListItem } from '../../../../shared/schemas/task.ts';
import { TaskItem } from './task-item.tsx';

/** A task list item shows the facts of docs/PRODUCT.md §9: due-date badge, `Xh Ym`, priority, progress band. */

const base: TaskListItem = {
  id: '40000000-0000-4000-8000-000000000001',
  todoId: '10000000-0000-4000-8000-000000000001',
  categoryId: '20000000-0000-4000-8000-000000000001',
  text: 'Write report',
  completed: false,
  dueDate: null,
  dueTime: null,
  description: '',
  priority: 'medium',
  estimatedTime: null,
  position: 0,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  labelIds: [],
  repeat: null,
  subtasksCompleted: 0,
  subtasksTotal: 0,
};

function renderItem(patch: Partial<TaskListItem>) {
  const task = { ...base, ...patch };
  return render(
    <DndContext>
      <SortableContext items={[`task:${task.id}`]}>
        <ul>
          <TaskItem
            task={task}
            selected={false}
            readOnly={false}
            today={new Date()}
            onOpen={() => {}}
            onToggle={() => {}}
            onDelete={() => {}}
          />
        </ul>
      </SortableContext>
    </DndContext>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Wednesday 10 January 2030, 23:30 local: late in the day, still "today".
  vi.setSystemTime(new Date(2030, 0, 10, 23, 30));
});
afterEach(() => vi.useRealTimers());

/** The badges: outside the task's button (named by its text alone), which they describe. */
const meta = () => {
  const describedBy = screen.getByRole('button', { name: 'Write report' }).getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy) : null;
};

describe('due-date badge', () => {
  it.each([
    ['2030-01-09', 'Overdue'],
    ['2030-01-10', 'Today'],
    ['2030-01-11', 'Tomorrow'],
    ['2030-01-12', '2d'],
    ['2030-01-17', '7d'],
    ['2030-01-18', 'Jan 18'],
    ['2030-11-05', 'Nov 5'],
  ])('due %s reads %s', (dueDate, label) => {
    renderItem({ dueDate });
    expect(meta()).toHaveTextContent(`Due ${label}`);
  });

  it('shows no badge without a due date', () => {
    renderItem({ dueDate: null });
    expect(meta()).not.toHaveTextContent('Due');
  });
});

describe('estimate and priority', () => {
  it.each([
    [90, '1h 30m'],
    [120, '2h 0m'],
    [45, '0h 45m'],
  ])('%i minutes read %s', (estimatedTime, text) => {
    renderItem({ estimatedTime, priority: 'urgent' });
    expect(meta()).toHaveTextContent(`Estimated ${text}`);
    expect(meta()).toHaveTextContent('Priority Urgent');
  });

  it('shows no estimate when there is none', () => {
    renderItem({ estimatedTime: null });
    expect(meta()).not.toHaveTextContent('Estimated');
  });
});

describe('progress', () => {
  it.each([
    [0, 4, '0%', '0'],
    [1, 4, '25%', '25'],
    [1, 3, '33%', '25'],
    [2, 3, '67%', '50'],
    [3, 4, '75%', '75'],
    [4, 4, '100%', '75'],
  ])('%i of %i subtasks: %s in band %s', (completed, total, text, band) => {
    const { container } = renderItem({ subtasksCompleted: completed, subtasksTotal: total });
    expect(meta()).toHaveTextContent(`Progress ${text}`);
    expect(container.querySelector('[data-band]')).toHaveAttribute('data-band', band);
  });

  it('shows no progress for a task without subtasks', () => {
    const { container } = renderItem({});
    expect(container.querySelector('[data-band]')).toBeNull();
  });
});

describe('accessible name', () => {
  it('is the task text, its badges its description, so the name matches what is visible in it', () => {
    renderItem({ dueDate: '2030-01-10', priority: 'high', estimatedTime: 90 });
    const button = screen.getByRole('button', { name: 'Write report' });
    expect(button).toHaveAccessibleName('Write report');
    expect(button).toHaveAccessibleDescription(/Due\s*Today.*Estimated\s*1h 30m.*Priority\s*High/);
  });
});
