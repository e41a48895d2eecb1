import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { type ApiCall, apiError, stubApi } from '../../test/auth-test-helpers.tsx';
import { holdRequests } from '../../test/held-requests.ts';
import {
  ids,
  renderWorkspace,
  sampleNote,
  samplePages,
  sampleTree,
  sessionReply,
  setWindowWidth,
} from '../../test/workspace-test-helpers.tsx';

/**
 * Creates show at once (docs/client.md, write paths): the row is made here with its id, shown before the
 * server answers (offline: much later), sent with that id, and taken away with a toast if refused.
 */

const at = '2030-01-01T00:00:00.000Z';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const refused = apiError(409, 'id_taken', messages.api.idTaken);

/** The server's answer to a create: what the client sent, with the server's defaults around it. */
const echo = (defaults: object) => (call: ApiCall) => ({
  status: 201,
  body: { ...defaults, ...(call.body as object) },
});

function stubNotes(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/auth/session': sessionReply,
    'GET /api/notes/tree': { status: 200, body: sampleTree },
    [`GET /api/sections/${ids.section}/notes`]: { status: 200, body: samplePages },
    [`GET /api/notes/${ids.note}`]: { status: 200, body: sampleNote },
    ...extra,
  });
}

const posts = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

beforeEach(() => {
  localStorage.clear();
  setWindowWidth(1440);
});
afterEach(() => vi.unstubAllGlobals());

describe('a new notebook', () => {
  it('shows, named in place, before the server answers, and is sent with its id and colour', async () => {
    const calls = stubNotes({
      'POST /api/notebooks': echo({
        title: messages.notes.newNotebook,
        position: 1,
        createdAt: at,
        updatedAt: at,
      }),
    });
    const release = holdRequests('POST', '/api/notebooks');
    renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: 'New notebook' }));
    expect(await screen.findByDisplayValue(messages.notes.newNotebook)).toHaveFocus();
    expect(posts(calls, '/api/notebooks')).toHaveLength(0);

    release();
    await waitFor(() => expect(posts(calls, '/api/notebooks')).toHaveLength(1));
    expect(posts(calls, '/api/notebooks')[0]?.body).toEqual({
      id: expect.stringMatching(uuid),
      color: expect.stringMatching(/^#[0-9A-F]{6}$/),
    });
    expect(screen.getByDisplayValue(messages.notes.newNotebook)).toBeInTheDocument();
  });

  it('goes away again with the server’s words when the create is refused', async () => {
    stubNotes({ 'POST /api/notebooks': refused });
    const release = holdRequests('POST', '/api/notebooks');
    renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: 'New notebook' }));
    expect(await screen.findByDisplayValue(messages.notes.newNotebook)).toBeInTheDocument();

    release();
    expect(await within(screen.getByRole('alert')).findByText(messages.api.idTaken)).toBeInTheDocument();
    expect(screen.queryByDisplayValue(messages.notes.newNotebook)).toBeNull();
    expect(screen.queryByRole('button', { name: messages.notes.newNotebook })).toBeNull();
    expect(screen.getByRole('button', { name: 'Work' })).toBeInTheDocument();
  });
});

describe('a new page', () => {
  const openMeetings = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Work' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Meetings' }));
    await within(screen.getByRole('region', { name: 'Pages' })).findByRole('button', { name: 'Standup' });
  };

  it('opens in the editor as the server will hold it, without asking the server for it', async () => {
    const calls = stubNotes({
      'POST /api/notes': echo({
        ...sampleNote,
        title: messages.notes.untitledNote,
        content: '',
        position: 1,
      }),
    });
    const release = holdRequests('POST', '/api/notes');
    renderWorkspace();
    await openMeetings();
    await userEvent.click(screen.getByRole('button', { name: 'New page' }));

    const title = await screen.findByRole('textbox', { name: 'Page title' });
    expect(title).toHaveValue(messages.notes.untitledNote);
    await waitFor(() => expect(title).toHaveFocus());
    const pages = screen.getByRole('region', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: messages.notes.untitledNote })).toBeInTheDocument();

    release();
    await waitFor(() => expect(posts(calls, '/api/notes')).toHaveLength(1));
    const sent = posts(calls, '/api/notes')[0]?.body as { id: string };
    expect(sent).toEqual({ id: expect.stringMatching(uuid), sectionId: ids.section });
    // The editor held what the create made: no read of a page the server may not have yet.
    expect(calls.filter((c) => c.method === 'GET' && c.path === `/api/notes/${sent.id}`)).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Page title' })).toHaveValue(messages.notes.untitledNote);
  });

  it('leaves the list and the editor with the server’s words when refused', async () => {
    stubNotes({ 'POST /api/notes': refused });
    const release = holdRequests('POST', '/api/notes');
    renderWorkspace();
    await openMeetings();
    await userEvent.click(screen.getByRole('button', { name: 'New page' }));
    expect(await screen.findByRole('textbox', { name: 'Page title' })).toHaveValue(
      messages.notes.untitledNote,
    );

    release();
    expect(await within(screen.getByRole('alert')).findByText(messages.api.idTaken)).toBeInTheDocument();
    const pages = screen.getByRole('region', { name: 'Pages' });
    await waitFor(() =>
      expect(within(pages).queryByRole('button', { name: messages.notes.untitledNote })).toBeNull(),
    );
    expect(within(pages).getByRole('button', { name: 'Standup' })).toBeInTheDocument();
    expect(await screen.findByText(messages.notes.noPageSelected)).toBeInTheDocument();
  });
});
