import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signedInSession, stubApi } from '../../../test/auth-test-helpers.tsx';
import { RemindersSettings } from './reminders-settings.tsx';
import { TaskReminders } from './task-reminders.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const session = { 'GET /api/auth/session': { status: 200, body: signedInSession } };
const reminder = (id: string, kind: string, offsetMinutes: number) => ({
  id,
  kind,
  offsetMinutes,
  fireAt: '2030-07-01T11:00:00.000Z',
  firedAt: null,
});

describe('reminders in the client', () => {
  it('saves the default reminder for new tasks from Settings', async () => {
    const calls = stubApi({
      ...session,
      'GET /api/account/default-reminder': { status: 200, body: { minutes: null } },
      'PUT /api/account/default-reminder': { status: 200, body: { minutes: 60 } },
    });
    renderScreen(<RemindersSettings />, { path: '/app' });
    const region = within(await screen.findByRole('region', { name: 'Reminders' }));
    const select = region.getByLabelText('Default reminder for new tasks');
    await vi.waitFor(() => expect(select).not.toBeDisabled());
    await userEvent.setup().selectOptions(select, '1 hour before');
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ minutes: 60 });
  });

  it("lists a task's reminders, adds one and removes one by replacing the list", async () => {
    const calls = stubApi({
      ...session,
      'GET /api/tasks/t1/reminders': { status: 200, body: { reminders: [reminder('r1', 'before', 90)] } },
      'PUT /api/tasks/t1/reminders': { status: 200, body: { reminders: [] } },
    });
    const task = { id: 't1', dueDate: '2030-07-01', dueTime: '14:30', completed: false };
    renderScreen(<TaskReminders task={task} readOnly={false} />, { path: '/app' });
    const user = userEvent.setup();
    expect(await screen.findByText('90 minutes before')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('When to remind'), 'At due time');
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      reminders: [{ kind: 'before', offsetMinutes: 90 }, { kind: 'atDue' }],
    });
  });

  it('asks for a due date before offering to add reminders', async () => {
    stubApi({ ...session, 'GET /api/tasks/t2/reminders': { status: 200, body: { reminders: [] } } });
    const task = { id: 't2', dueDate: null, dueTime: null, completed: false };
    renderScreen(<TaskReminders task={task} readOnly={false} />, { path: '/app' });
    expect(await screen.findByText('Set a due date to add reminders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add reminder' })).toBeNull();
  });
});
