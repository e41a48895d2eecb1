import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TaskDetail } from '../../../../shared/schemas/task.ts';
import { EstimateFields, TaskDetails } from './task-details.tsx';

const task: TaskDetail = {
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
  subtasks: [],
};

describe('priority buttons', () => {
  it('mark the current priority pressed and send a new one', async () => {
    const onChange = vi.fn();
    render(<TaskDetails task={task} open onOpenChange={() => {}} readOnly={false} onChange={onChange} />);
    const names = ['Low', 'Medium', 'High', 'Urgent'];
    for (const name of names) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Medium' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Urgent' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Urgent' }));
    expect(onChange).toHaveBeenCalledWith({ priority: 'urgent' });
  });

  it('collapse with the Task Details toggle', async () => {
    const onOpenChange = vi.fn();
    render(
      <TaskDetails
        task={task}
        open={false}
        onOpenChange={onOpenChange}
        readOnly={false}
        onChange={() => {}}
      />,
    );
    expect(screen.queryByLabelText('Due date')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Task Details' }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
  });

  it('send a picked due date and clear it', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <TaskDetails task={task} open onOpenChange={() => {}} readOnly={false} onChange={onChange} />,
    );
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '2030-02-01' } });
    expect(onChange).toHaveBeenLastCalledWith({ dueDate: '2030-02-01' });
    rerender(
      <TaskDetails
        task={{ ...task, dueDate: '2030-02-01' }}
        open
        onOpenChange={() => {}}
        readOnly={false}
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear due date' }));
    expect(onChange).toHaveBeenLastCalledWith({ dueDate: null });
  });
});

describe('estimated time', () => {
  it('sends hours × 60 + minutes when the fields are left', async () => {
    const onChange = vi.fn();
    render(<EstimateFields minutes={null} readOnly={false} onChange={onChange} />);
    await userEvent.clear(screen.getByLabelText('Hours'));
    await userEvent.type(screen.getByLabelText('Hours'), '2');
    await userEvent.clear(screen.getByLabelText('Minutes'));
    await userEvent.type(screen.getByLabelText('Minutes'), '15');
    // Moving between the two fields is one edit.
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledExactlyOnceWith(135);
  });

  it('clamps minutes to 59', async () => {
    const onChange = vi.fn();
    render(<EstimateFields minutes={60} readOnly={false} onChange={onChange} />);
    await userEvent.clear(screen.getByLabelText('Minutes'));
    await userEvent.type(screen.getByLabelText('Minutes'), '75{Enter}');
    expect(screen.getByLabelText('Minutes')).toHaveValue(59);
    expect(onChange).toHaveBeenCalledWith(119);
  });

  it('sends null when the total is zero', async () => {
    const onChange = vi.fn();
    render(<EstimateFields minutes={90} readOnly={false} onChange={onChange} />);
    expect(screen.getByLabelText('Hours')).toHaveValue(1);
    expect(screen.getByLabelText('Minutes')).toHaveValue(30);
    await userEvent.clear(screen.getByLabelText('Hours'));
    await userEvent.type(screen.getByLabelText('Hours'), '0');
    await userEvent.clear(screen.getByLabelText('Minutes'));
    await userEvent.type(screen.getByLabelText('Minutes'), '0{Enter}');
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
