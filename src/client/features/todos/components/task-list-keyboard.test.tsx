import { DndContext } from '@dnd-kit/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TaskListItem } from '../../../../shared/schemas/task.ts';
import { TaskList } from './task-list.tsx';

/** The task list worked from the keyboard: j/k and the arrows move, x completes, e edits, Enter opens. */

const task = (n: number, text: string, completed = false): TaskListItem => ({
  id: `40000000-0000-4000-8000-00000000000${n}`,
  todoId: '10000000-0000-4000-8000-000000000001',
  categoryId: '20000000-0000-4000-8000-000000000001',
  text,
  completed,
  dueDate: null,
  dueTime: null,
  description: '',
  priority: 'medium',
  estimatedTime: null,
  position: n,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  labelIds: [],
  repeat: null,
  subtasksCompleted: 0,
  subtasksTotal: 0,
});

const tasks = [task(1, 'Water the plants'), task(2, 'Pay rent'), task(3, 'Call mum')];

function renderList() {
  const actions = { onOpen: vi.fn(), onToggle: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  render(
    <DndContext>
      <TaskList
        tasks={tasks}
        error={null}
        categoryTitle="Home"
        filter="active"
        onFilterChange={() => {}}
        selectedTaskId={null}
        readOnly={false}
        {...actions}
      />
    </DndContext>,
  );
  const row = (name: string) => screen.getByRole('button', { name });
  return { actions, row };
}

describe('the task list by keyboard', () => {
  it('moves with j/k and the arrows, staying within the list', async () => {
    const { row } = renderList();
    row('Water the plants').focus();
    await userEvent.keyboard('j');
    expect(row('Pay rent')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(row('Call mum')).toHaveFocus();
    await userEvent.keyboard('j');
    expect(row('Call mum')).toHaveFocus();
    await userEvent.keyboard('k');
    expect(row('Pay rent')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(row('Water the plants')).toHaveFocus();
  });

  it('completes with x, edits with e and opens with Enter the task whose row has focus', async () => {
    const { actions, row } = renderList();
    row('Pay rent').focus();
    await userEvent.keyboard('x');
    expect(actions.onToggle).toHaveBeenCalledWith(tasks[1], true);
    await userEvent.keyboard('e');
    expect(actions.onEdit).toHaveBeenCalledWith(tasks[1]);
    await userEvent.keyboard('{Enter}');
    expect(actions.onOpen).toHaveBeenCalledWith(tasks[1]);
  });

  it('leaves the keys alone on a drag handle, where the arrows move the row', async () => {
    const { actions, row } = renderList();
    screen.getByRole('button', { name: 'Move task Pay rent' }).focus();
    await userEvent.keyboard('x');
    expect(actions.onToggle).not.toHaveBeenCalled();
    expect(row('Pay rent')).not.toHaveFocus();
  });
});
