import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TaskDemo } from './components/task-demo.tsx';
import { renderAt } from './marketing-test-utils.tsx';

describe('landing page task demo', () => {
  it('refuses to complete the task while subtasks are open, then allows it', async () => {
    const user = userEvent.setup();
    renderAt(<TaskDemo />);
    const progress = screen.getByRole('progressbar', { name: 'Subtask progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');

    await user.click(screen.getByRole('button', { name: 'Mark task as complete' }));
    expect(
      screen.getByText(/Cannot mark task as complete\. Complete 2 subtask\(s\) first\./),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Add the voice-over' }));
    await user.click(screen.getByRole('checkbox', { name: 'Upload and share with the team' }));
    expect(progress).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByText(/Cannot mark task as complete/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark task as complete' }));
    expect(screen.getByRole('button', { name: 'Mark task as not complete' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('lets the visitor pick a priority', async () => {
    const user = userEvent.setup();
    renderAt(<TaskDemo />);
    expect(screen.getByRole('button', { name: 'High' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Urgent' }));
    expect(screen.getByRole('button', { name: 'Urgent' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'High' })).toHaveAttribute('aria-pressed', 'false');
  });
});
